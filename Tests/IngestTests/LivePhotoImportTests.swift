import Blobs
import Catalog
import Foundation
import Imaging
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

/// Live Photos (a still and a clip that share Apple's content identifier) become one item whose motion is
/// the clip, whichever part is imported first and in whatever batch; Google's Motion Photos give up the clip
/// their XMP locates, and only when the file bears the claim out.
@Suite struct LivePhotoImportTests {
    static let identifier = "8F3D6A2C-1B4E-4C7A-9D2F-5E6B7C8D9E0F"

    /// The catalog's one item, which must be the still with the clip as its motion.
    func paired(
        _ fixture: IngestFixture, clip: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        async throws -> PhotoWithVariants
    {
        let page = try await fixture.library.catalog.page(after: nil, limit: 10)
        #expect(page.items.count == 1, "one item: \(page.items.map(\.photo.kind))", sourceLocation: sourceLocation)
        let item = try #require(page.items.first, sourceLocation: sourceLocation)
        #expect(item.photo.kind == .photo && item.photo.format == "jpeg", sourceLocation: sourceLocation)
        let motion = try #require(item.variants[.motion], sourceLocation: sourceLocation)
        #expect(motion.mimeType == "video/quicktime" && motion.width == 320 && motion.height == 240)
        #expect(
            try await fixture.bytes(motion) == Fixtures.bytes(of: clip), "the clip is kept as it came",
            sourceLocation: sourceLocation)
        #expect(
            try await fixture.library.orphanBlobs().isEmpty, "the clip's own poster variants are collected",
            sourceLocation: sourceLocation)
        return item
    }

    @Test func aStillThenItsClipInAnotherBatchBecomeOneLivePhoto() async throws {
        let fixture = try await IngestFixture()
        let still = try LivePhotoFixtures.still(fixture.inputs.file("IMG_0001.JPG"), identifier: Self.identifier)
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_0001.MOV"), identifier: Self.identifier)
        let first = try await fixture.photo(await fixture.importOne(still))
        let second = await fixture.importOne(clip)
        guard case .imported(_, let shown) = second else {
            Issue.record("the clip was not imported: \(second)")
            return
        }
        #expect(shown == first.photo.id, "the clip's import answers the Live Photo it joined")
        let item = try await paired(fixture, clip: clip)
        #expect(item.photo.id == first.photo.id)

        // Importing either part again is a duplicate of the Live Photo.
        for path in [still, clip] {
            guard case .duplicate(_, let existing) = await fixture.importOne(path) else {
                Issue.record("\(path) imported twice")
                continue
            }
            #expect(existing == item.photo.id)
        }
        #expect(try await fixture.library.catalog.count() == 1)
    }

    @Test func aClipThenItsStillJoinAndTheFeedSaysSo() async throws {
        let fixture = try await IngestFixture()
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_0002.MOV"), identifier: Self.identifier)
        let still = try LivePhotoFixtures.still(fixture.inputs.file("IMG_0002.JPG"), identifier: Self.identifier)
        let alone = try await fixture.photo(await fixture.importOne(clip))
        #expect(alone.photo.kind == .video, "a clip whose still has not come is shown as a clip")
        let before = try await fixture.library.catalog.latestChangeSeq()
        let joined = try await fixture.photo(await fixture.importOne(still))
        let item = try await paired(fixture, clip: clip)
        #expect(item.photo.id == joined.photo.id)
        #expect(try await fixture.library.catalog.photo(id: alone.photo.id) == nil)
        let changes = try #require(try await fixture.library.catalog.changes(after: before))
        #expect(changes.contains { $0.kind == .delete && $0.photoId == alone.photo.id })
        #expect(changes.last?.kind == .update && changes.last?.photoId == item.photo.id)
    }

    @Test func bothPartsInOneBatchPairWhicheverFinishesFirst() async throws {
        for round in 0..<3 {
            let fixture = try await IngestFixture()
            let identifier = "ROUND-\(round)-" + Self.identifier
            let paths = [
                try LivePhotoFixtures.clip(fixture.inputs.file("IMG_1.MOV"), identifier: identifier),
                try LivePhotoFixtures.still(fixture.inputs.file("IMG_1.JPG"), identifier: identifier),
            ]
            let summary = await fixture.importer(concurrency: 2).importFiles(round == 1 ? paths.reversed() : paths)
            #expect(summary.failures.isEmpty, "\(summary.failures)")
            _ = try await paired(fixture, clip: paths[0])
        }
    }

    @Test func anHEICStillPairsAsAJPEGOneDoes() async throws {
        let fixture = try await IngestFixture()
        let heic = try LivePhotoFixtures.heicStill(fixture.inputs.file("IMG_6.HEIC"), identifier: Self.identifier)
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_6.MOV"), identifier: Self.identifier)
        let still = try await fixture.photo(await fixture.importOne(heic))
        #expect(still.photo.format == "heic")
        _ = await fixture.importOne(clip)
        let item = try #require(try await fixture.library.catalog.photo(id: still.photo.id))
        #expect(try await fixture.bytes(item.variants[.motion]) == Fixtures.bytes(of: clip))
        #expect(try await fixture.library.catalog.count() == 1)
    }

    @Test func partsWithDifferentIdentifiersStayApart() async throws {
        let fixture = try await IngestFixture()
        try LivePhotoFixtures.still(fixture.inputs.file("a.jpg"), identifier: Self.identifier)
        try LivePhotoFixtures.clip(fixture.inputs.file("b.mov"), identifier: "ANOTHER-" + Self.identifier)
        let summary = await fixture.importer().importFiles([fixture.inputs.file("a.jpg"), fixture.inputs.file("b.mov")])
        #expect(summary.failures.isEmpty)
        let items = try await fixture.library.catalog.page(after: nil, limit: 10).items
        #expect(Set(items.map(\.photo.kind)) == [.photo, .video])
        #expect(items.allSatisfy { $0.variants[.motion] == nil })
    }

    @Test func anHEVCMotionGetsItsWebRenditionQueuedOnTheStill() async throws {
        let fixture = try await IngestFixture()
        let still = try LivePhotoFixtures.still(fixture.inputs.file("IMG_3.HEIC.JPG"), identifier: Self.identifier)
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_3.MOV"), identifier: Self.identifier, hevc: true)
        let item = try await fixture.photo(await fixture.importOne(still))
        _ = await fixture.importOne(clip)
        var payloads: [String] = []
        while let job = try await fixture.library.catalog.claimJob(
            kinds: [.transcodeVideo], worker: "test", leaseMilliseconds: 60_000, now: EpochMilliseconds.now)
        {
            payloads.append(job.payload)
        }
        #expect(payloads.contains(item.photo.id), "\(payloads)")
    }

    @Test(arguments: [LivePhotoFixtures.MotionForm.microVideo, .container])
    func aMotionPhotoKeepsTheClipItsXMPLocates(form: LivePhotoFixtures.MotionForm) async throws {
        let fixture = try await IngestFixture()
        let clip = try VideoFixtures.clip(fixture.inputs.file("motion.mp4"), width: 256, height: 192, seconds: 1)
        let path = try LivePhotoFixtures.motionPhoto(fixture.inputs.file("PXL_0001.MP.jpg"), clip: clip, form: form)
        let item = try await fixture.photo(await fixture.importOne(path))
        #expect(item.photo.kind == .photo && item.photo.width == 600 && item.photo.height == 400)
        let motion = try #require(item.variants[.motion])
        #expect(motion.mimeType == "video/mp4" && motion.width == 256 && motion.height == 192)
        #expect(try await fixture.bytes(motion) == Fixtures.bytes(of: clip))
        #expect(try await fixture.bytes(item.variants[.original]) == Fixtures.bytes(of: path), "the file as it came")
        #expect(fixture.temporaryCount == 0, "the copied clip is removed")
    }

    @Test func aMotionPhotoWhoseXMPLiesImportsAsAStill() async throws {
        let fixture = try await IngestFixture()
        let clip = try VideoFixtures.clip(fixture.inputs.file("motion.mp4"), seconds: 1)
        let size = Fixtures.bytes(of: clip).count
        let lies: [(String, LivePhotoFixtures.MotionForm, Int)] = [
            ("beyond.jpg", .microVideo, 50_000_000),  // before the start of the file
            ("container.jpg", .container, 1 << 40),
            ("inside.jpg", .microVideo, size - 100),  // inside the clip: no MP4 starts there
            ("image.jpg", .container, size + 400),  // inside the JPEG
        ]
        for (name, form, offset) in lies {
            let path = try LivePhotoFixtures.motionPhoto(
                fixture.inputs.file(name), clip: clip, form: form, claimedOffset: offset)
            let item = try await fixture.photo(await fixture.importOne(path))
            #expect(item.photo.kind == .photo && item.variants[.motion] == nil, "\(name)")
            #expect(try await fixture.bytes(item.variants[.original]) == Fixtures.bytes(of: path), "\(name)")
        }
        #expect(fixture.temporaryCount == 0)
    }

    @Test func aQueuedUploadKeepsItsMotionAndPairs() async throws {
        let fixture = try await IngestFixture()
        let clip = try VideoFixtures.clip(fixture.inputs.file("motion.mp4"), seconds: 1)
        let motionPhoto = try LivePhotoFixtures.motionPhoto(
            fixture.inputs.file("PXL.jpg"), clip: clip, form: .container)
        let still = try LivePhotoFixtures.still(fixture.inputs.file("IMG_4.JPG"), identifier: Self.identifier)
        let live = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_4.MOV"), identifier: Self.identifier)
        let queued = Importer(
            catalog: fixture.library.catalog, blobs: fixture.library.blobs,
            options: ImportOptions(concurrency: 1, queuedRenderPriority: 0), temporaries: fixture.library.temporaries)
        let first = try await fixture.photo(await queued.importFile(at: motionPhoto))
        #expect(first.photo.status == .processing && first.variants[.motion]?.width == 320)
        let stillItem = try await fixture.photo(await queued.importFile(at: still))
        guard case .imported(_, let shown) = await queued.importFile(at: live) else {
            Issue.record("the clip was not imported")
            return
        }
        #expect(shown == stillItem.photo.id)
        #expect(try await fixture.library.catalog.photo(id: shown)?.variants[.motion] != nil)
        #expect(try await fixture.library.catalog.count() == 2)
    }
}
