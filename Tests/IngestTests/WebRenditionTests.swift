import Blobs
import Catalog
import Foundation
import Imaging
import Jobs
import Scheduling
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

/// A clip whose original would not play everywhere gets an H.264/AAC MP4 from a worker's job: queued by the
/// import, made by ffmpeg within its time and size bounds, stored and recorded as the clip's `webVideo`.
@Suite struct WebRenditionTests {
    let transcodes = BoundedExecutor(label: "test.transcodes", width: 1, queueLimit: 4, refusal: "busy")

    func queued(_ fixture: IngestFixture) async throws -> [JobRecord] {
        var jobs: [JobRecord] = []
        while let job = try await fixture.library.catalog.claimJob(
            kinds: [.transcodeVideo], worker: "test", leaseMilliseconds: 60_000, now: EpochMilliseconds.now)
        {
            jobs.append(job)
        }
        return jobs
    }

    func probe(_ fixture: IngestFixture, _ variant: VariantRecord) async throws -> (VideoProbe, [UInt8]) {
        let bytes = try await fixture.bytes(variant)
        let path = fixture.inputs.file("rendition-\(UUID().uuidString).mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (try VideoRenderer.probe(path: path, format: .mp4, limits: VideoLimits()), bytes)
    }

    /// The top-level boxes of an MP4, in order.
    func boxes(_ bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            names.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return names
    }

    @Test func anHEVCClipGetsAnH264RenditionFromItsJob() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440",
                "-t", "1", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v",
                "hvc1", "-c:a", "aac",
            ], to: fixture.inputs.file("IMG_0001.MOV"))
        let item = try await fixture.photo(await fixture.importOne(path))
        #expect(item.variants[.webVideo] == nil, "never made inside the import")
        let jobs = try await queued(fixture)
        #expect(jobs.map(\.payload) == [item.photo.id])

        let made = try await fixture.library.makeWebRendition(photoId: item.photo.id, transcodes: transcodes)
        #expect(made)
        let after = try #require(try await fixture.library.catalog.photo(id: item.photo.id))
        let rendition = try #require(after.variants[.webVideo])
        #expect(rendition.mimeType == "video/mp4" && rendition.width == 320 && rendition.height == 240)
        let (probe, bytes) = try await probe(fixture, rendition)
        #expect(probe.videoCodec == "h264" && probe.audioCodec == "aac" && probe.rotation == 0)
        #expect(abs((probe.duration ?? 0) - 1) < 0.2)
        #expect(Int64(bytes.count) == rendition.byteSize)
        let top = boxes(bytes)
        let (moov, mdat) = (try #require(top.firstIndex(of: "moov")), try #require(top.firstIndex(of: "mdat")))
        #expect(moov < mdat, "faststart: the index before the media, \(top)")
        #expect(try await fixture.bytes(after.variants[.original]) == Fixtures.bytes(of: path), "the original stays")
        #expect(fixture.temporaryCount == 0)

        // Made once: a second job has nothing to do.
        #expect(try await !fixture.library.makeWebRendition(photoId: item.photo.id, transcodes: transcodes))
    }

    /// A clip trashed before its transcode ran: the job finds no photo and ends, and the restore queues it
    /// again, so the clip comes back to get its rendition.
    @Test func aClipRestoredFromTheTrashGetsTheRenditionItsJobMissed() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1", "-c:v", "libx265", "-preset",
                "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1",
            ], to: fixture.inputs.file("IMG_0002.MOV"))
        let id = try await fixture.photo(await fixture.importOne(path)).photo.id
        #expect(try await fixture.library.trashPhoto(id: id))
        for job in try await queued(fixture) {
            #expect(try await !fixture.library.makeWebRendition(photoId: job.payload, transcodes: transcodes))
            #expect(try await fixture.library.catalog.completeJob(job))
        }
        #expect(try await fixture.library.restoreFromTrash(id: id) == .restored)
        #expect(try await queued(fixture).map(\.payload) == [id])
        #expect(try await fixture.library.makeWebRendition(photoId: id, transcodes: transcodes))
        #expect(try await fixture.library.catalog.photo(id: id)?.variants[.webVideo] != nil)
    }

    @Test func anHEVCLivePhotosMotionGetsItsRenditionOnTheStill() async throws {
        let fixture = try await IngestFixture()
        let identifier = "C0FFEE00-1B4E-4C7A-9D2F-5E6B7C8D9E0F"
        let still = try await fixture.photo(
            await fixture.importOne(LivePhotoFixtures.still(fixture.inputs.file("IMG_5.JPG"), identifier: identifier)))
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_5.MOV"), identifier: identifier, hevc: true)
        _ = await fixture.importOne(clip)
        #expect(try await queued(fixture).map(\.payload).contains(still.photo.id))

        #expect(try await fixture.library.makeWebRendition(photoId: still.photo.id, transcodes: transcodes))
        let after = try #require(try await fixture.library.catalog.photo(id: still.photo.id))
        let rendition = try #require(after.variants[.motionWeb])
        let (probe, _) = try await probe(fixture, rendition)
        #expect(probe.videoCodec == "h264" && rendition.width == 320 && rendition.height == 240)
        #expect(try await fixture.bytes(after.variants[.motion]) == Fixtures.bytes(of: clip), "the motion stays")
        #expect(after.variants[.webVideo] == nil && after.photo.kind == .photo)
        #expect(try await !fixture.library.makeWebRendition(photoId: still.photo.id, transcodes: transcodes))
    }

    @Test func anH264ClipThatPlaysEverywhereGetsNone() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.clip(fixture.inputs.file("clip.mp4"))
        let item = try await fixture.photo(await fixture.importOne(path))
        #expect(try await queued(fixture).isEmpty)
        #expect(try await !fixture.library.makeWebRendition(photoId: item.photo.id, transcodes: transcodes))
        #expect(try await fixture.library.catalog.photo(id: item.photo.id)?.variants[.webVideo] == nil)
    }

    @Test func aClipOver1080pIsFittedAndATurnedOneComesOutUpright() async throws {
        let fixture = try await IngestFixture()
        let wide = try VideoFixtures.clip(fixture.inputs.file("wide.mp4"), width: 2560, height: 1440, seconds: 0.3)
        let stored = try VideoFixtures.clip(fixture.inputs.file("stored.mp4"), width: 2400, height: 1200, seconds: 0.3)
        let turned = try VideoFixtures.rotated(stored, degrees: 90, to: fixture.inputs.file("turned.mp4"))
        for (path, size) in [(wide, (1920, 1080)), (turned, (960, 1920))] {
            let item = try await fixture.photo(await fixture.importOne(path))
            #expect(try await queued(fixture).map(\.payload) == [item.photo.id])
            #expect(try await fixture.library.makeWebRendition(photoId: item.photo.id, transcodes: transcodes))
            let rendition = try #require(
                try await fixture.library.catalog.photo(id: item.photo.id)?.variants[.webVideo])
            #expect(rendition.width == size.0 && rendition.height == size.1, "\(path)")
            let (probe, _) = try await probe(fixture, rendition)
            #expect(probe.width == size.0 && probe.height == size.1 && probe.rotation == 0, "\(path)")
        }
    }

    @Test func aTranscodePastItsSizeOrTimeBoundIsStoppedAndRecordsNothing() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.hevcMOV(fixture.inputs.file("IMG_0002.MOV"))
        let id = try await fixture.photo(await fixture.importOne(path)).photo.id
        var small = RenderOptions()
        small.rendition.maxVideoBitsPerSecond = 1000
        small.rendition.audioBitsPerSecond = 1000
        small.rendition.outputSlackBytes = 0
        await #expect {
            try await fixture.library.makeWebRendition(photoId: id, transcodes: transcodes, options: small)
        } throws: { "\($0)".contains("reached its bound") }
        var quick = RenderOptions()
        quick.rendition.timeoutPerClipSecond = 0
        quick.rendition.minimumTimeoutSeconds = 0.001
        await #expect {
            try await fixture.library.makeWebRendition(photoId: id, transcodes: transcodes, options: quick)
        } throws: { "\($0)".contains("took longer") }
        #expect(try await fixture.library.catalog.photo(id: id)?.variants[.webVideo] == nil)
        #expect(fixture.temporaryCount == 0, "the partial output is removed")
    }

    @Test func aWorkerRunsTheQueuedTranscode() async throws {
        let fixture = try await IngestFixture()
        let path = try VideoFixtures.hevcMOV(fixture.inputs.file("IMG_0003.MOV"))
        let id = try await fixture.photo(await fixture.importOne(path)).photo.id
        var configuration = WorkerConfiguration(name: "test", limits: [.transcodeVideo: 1], total: 1)
        configuration.poll = .milliseconds(50)
        let worker = JobWorker(
            queue: fixture.library.catalog,
            handlers: JobHandler.library(
                fixture.library,
                renders: BoundedExecutor(label: "test.renders", width: 1, queueLimit: 4, refusal: "busy")),
            configuration: configuration)
        await worker.runUntilIdle()
        #expect(try await fixture.library.catalog.photo(id: id)?.variants[.webVideo]?.mimeType == "video/mp4")
        #expect(try await fixture.library.catalog.jobSummary().count(.waiting) == 0)
    }
}
