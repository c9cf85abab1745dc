import Blobs
import Catalog
import Foundation
import Imaging
import Scheduling
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

/// Video clips made by ffmpeg, imported into a real SQLite library: probed, checked against the limits before
/// any decoding, their poster frame through the photos' libvips path, their original stored as it came.
@Suite struct VideoImportTests {
    func imported(
        _ fixture: IngestFixture, _ path: String, render: RenderOptions = RenderOptions()
    ) async throws
        -> PhotoWithVariants
    {
        try await fixture.photo(await fixture.importOne(path, render: render))
    }

    func failure(_ fixture: IngestFixture, _ path: String, render: RenderOptions = RenderOptions()) async -> String {
        guard case .failed(_, let reason) = await fixture.importOne(path, render: render) else { return "imported" }
        return reason
    }

    @Test func anH264MP4BecomesAVideoWithItsPosterVariants() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.clip(fixture.inputs.file("clip.mp4"))
        let item = try await imported(fixture, path)
        let photo = item.photo
        #expect(photo.kind == .video && photo.format == "mp4" && photo.mimeType == "video/mp4")
        #expect(photo.width == 320 && photo.height == 240)
        #expect(abs((photo.duration ?? 0) - 2) < 0.1, "\(String(describing: photo.duration))")
        #expect(photo.status == .ready && !photo.thumbHash.isEmpty && photo.averageColor != "#808080")
        #expect(photo.takenAtSource == "file", "an ffmpeg clip without a creation time is dated by its file")

        let original = try #require(item.variants[.original])
        #expect(original.mimeType == "video/mp4" && original.width == 320 && original.height == 240)
        #expect(try await fixture.bytes(original) == Fixtures.bytes(of: path), "the clip is stored as it came")
        for kind in Importer.renderedKinds {
            let variant = try #require(item.variants[kind], "\(kind)")
            let decoded = try await fixture.decoded(variant)
            #expect(decoded.width == variant.width && decoded.height == variant.height, "\(kind)")
            #expect(abs(Double(decoded.width) / Double(decoded.height) - 4.0 / 3.0) < 0.02, "\(kind)")
        }
        #expect(
            item.variants[.preview]?.mimeType == "image/jpeg" && item.variants[.thumbWebP]?.mimeType == "image/webp")
        #expect(fixture.temporaryCount == 0, "the poster frame is removed")
    }

    @Test func anHEVCMOVFromAPhoneIsImported() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.hevcMOV(fixture.inputs.file("IMG_0001.MOV"))
        let item = try await imported(fixture, path)
        #expect(item.photo.kind == .video && item.photo.format == "mov" && item.photo.mimeType == "video/quicktime")
        #expect(item.photo.width == 320 && item.photo.height == 240)
        let probe = try VideoRenderer.probe(path: path, format: .mov, limits: VideoLimits())
        #expect(probe.videoCodec == "hevc" && probe.frameRate == 30 && probe.frameCount == 30)
    }

    @Test(arguments: [90, 270])
    func aRotatedClipIsUprightWithItsSidesSwapped(_ degrees: Int) async throws {
        let fixture = try await IngestFixture()
        let source = try VideoFixtures.clip(fixture.inputs.file("landscape.mp4"))
        let path = try VideoFixtures.rotated(source, degrees: degrees, to: fixture.inputs.file("portrait.mp4"))
        let probe = try VideoRenderer.probe(path: path, format: .mp4, limits: VideoLimits())
        #expect(probe.rotation == 90 || probe.rotation == 270, "\(probe.rotation)")
        #expect(probe.storedWidth == 320 && probe.width == 240 && probe.height == 320)

        let item = try await imported(fixture, path)
        #expect(item.photo.width == 240 && item.photo.height == 320)
        #expect(item.variants[.original]?.width == 240 && item.variants[.original]?.height == 320)
        let preview = try await fixture.decoded(item.variants[.preview])
        #expect(preview.width == 240 && preview.height == 320, "ffmpeg turned the poster frame")
    }

    @Test func aMOVsPlaceAndCreationTimeAreRead() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.clip(
            fixture.inputs.file("paris.mov"), seconds: 1,
            extra: ["-metadata", "location=+48.8584+002.2945/", "-metadata", "creation_time=2024-05-01T10:00:00Z"])
        let photo = try await imported(fixture, path).photo
        #expect(photo.format == "mov")
        let location = try #require(photo.location)
        #expect(abs(location.latitude - 48.8584) < 1e-9 && abs(location.longitude - 2.2945) < 1e-9)
        #expect(photo.takenAt == 1_714_557_600_000 && photo.takenAtOffset == 0)
    }

    @Test func aTruncatedMOVIsRefusedAndTheRestOfTheImportGoesOn() async throws {
        let fixture = try await IngestFixture()
        let whole = try VideoFixtures.clip(fixture.inputs.file("whole.mov"))
        let broken = try VideoFixtures.truncated(whole, keeping: 0.5, to: fixture.inputs.file("broken.mov"))
        let photo = try Fixtures.write(fixture.inputs.file("photo.jpg"), width: 64, height: 48)
        let summary = await fixture.importer().importFiles([broken, whole, photo])
        #expect(summary.imported.count == 2)
        #expect(summary.failures.map(\.path) == [broken])
        let reason = try #require(summary.failures.first?.reason)
        #expect(reason.hasPrefix("corrupt or truncated video:"), "\(reason)")
        #expect(try await fixture.library.catalog.count() == 2)
    }

    @Test func aHeaderClaimingTenHoursIsRefusedBeforeDecoding() async throws {
        let fixture = try await IngestFixture()
        let source = try VideoFixtures.clip(fixture.inputs.file("short.mp4"))
        let path = try VideoFixtures.claimingDuration(source, seconds: 36_000, to: fixture.inputs.file("long.mp4"))
        let reason = await failure(fixture, path)
        #expect(reason == "video refused: it lasts 36000 s, over the limit of 10800 s", "\(reason)")
        #expect(try await fixture.blobCount() == 0 && fixture.temporaryCount == 0, "nothing stored, no poster made")
    }

    /// A clip over 8K would take minutes to make here; the bound is the same code at any size, so it is checked
    /// with lower bounds on a small clip.
    @Test func sizeAndFrameBoundsRefuseAClipPastThem() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.clip(fixture.inputs.file("clip.mp4"))
        var render = RenderOptions()
        render.video.maxLongEdge = 319
        #expect(
            await failure(fixture, path, render: render)
                == "video refused: it is 320×240, over the limit of 319 px on the long edge")
        render = RenderOptions()
        render.video.maxFrames = 59
        #expect(await failure(fixture, path, render: render) == "video refused: it has 60 frames, over the limit of 59")
        render = RenderOptions()
        render.video.maxLongEdge = 320
        render.video.maxFrames = 60
        #expect(try await imported(fixture, path, render: render).photo.kind == .video, "at the bounds: imported")
    }

    @Test func aClipWithTwentyAudioStreamsIsRefusedByTheStreamBound() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.manyStreams(fixture.inputs.file("streams.mkv"), audioStreams: 20)
        #expect(await failure(fixture, path) == "video refused: it has 21 streams, over the limit of 16")
        #expect(try await fixture.blobCount() == 0)
    }

    @Test func aWebMIsToldFromAnMKV() async throws {
        let fixture = try await IngestFixture()
        let vp9 = ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]
        let webm = try VideoFixtures.clip(fixture.inputs.file("clip.webm"), seconds: 1, codec: vp9)
        let mkv = try VideoFixtures.clip(fixture.inputs.file("clip.mkv"), seconds: 1)
        let webmPhoto = try await imported(fixture, webm).photo
        let mkvPhoto = try await imported(fixture, mkv).photo
        #expect(webmPhoto.format == "webm" && webmPhoto.mimeType == "video/webm")
        #expect(mkvPhoto.format == "mkv" && mkvPhoto.mimeType == "video/x-matroska")
    }

    @Test func aWebMWhoseHeaderStatesNoDurationIsMeasuredAndImported() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.liveWebM(fixture.inputs.file("recorded.webm"))
        let probe = try VideoRenderer.probe(path: path, format: .webm, limits: VideoLimits())
        #expect(abs((probe.duration ?? 0) - 2) < 0.2 && probe.frameCount == 30, "\(probe)")
        let photo = try await imported(fixture, path).photo
        #expect(photo.kind == .video && photo.format == "webm" && abs((photo.duration ?? 0) - 2) < 0.2)
        // Measured, then held to the limits like any stated duration.
        var short = VideoLimits()
        short.maxDurationSeconds = 1
        #expect(throws: ImagingError.self) { try VideoRenderer.probe(path: path, format: .webm, limits: short) }
    }

    @Test func aQueuedVideoIsRecordedFromItsProbeThenRendered() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.clip(fixture.inputs.file("upload.mp4"))
        let importer = fixture.library.importer(options: ImportOptions(concurrency: 1, queuedRenderPriority: 1))
        let outcome = await importer.importFile(at: path)
        let recorded = try await fixture.photo(outcome)
        #expect(recorded.photo.status == .processing && recorded.photo.kind == .video)
        #expect(
            recorded.photo.width == 320 && recorded.variants.keys.sorted { $0.rawValue < $1.rawValue } == [.original])
        #expect(recorded.variants[.original]?.mimeType == "video/mp4")

        let renders = BoundedExecutor(label: "video", width: 1, queueLimit: 1, refusal: "busy")
        let made = try await fixture.library.renderMissingVariants(photoId: recorded.photo.id, renders: renders)
        #expect(made == Importer.renderedKinds.count)
        let rendered = try #require(try await fixture.library.catalog.photo(id: recorded.photo.id))
        #expect(rendered.photo.status == .ready && !rendered.photo.thumbHash.isEmpty)
        #expect(Set(rendered.variants.keys) == Set(VariantKind.madeAtImport))
        #expect(fixture.temporaryCount == 0)
    }
}
