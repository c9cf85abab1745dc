import Catalog
import Foundation
import TestSupport
import Testing
import VitrineCore

/// `LivePairs`: a Live Photo's two parts find each other whichever is recorded first, even at the same
/// moment, and pairing moves the clip onto the still in one step the feed and the blob collector agree with.
@Suite struct LivePairsContractTests {
    let folder = TemporaryDirectory("contract-live-pairs")

    static func clip(_ catalog: any PhotoCatalog, takenAt: Int64 = 2) async throws -> PhotoRecord {
        let clip = MediaKindContractTests.clip(takenAt: takenAt, duration: 1.5)
        var variants = Samples.variants(for: clip.id)
        variants[0].mimeType = "video/quicktime"
        variants.append(
            VariantRecord(
                photoId: clip.id, kind: .webVideo, blobKey: BlobKey.of(Array("\(clip.id)/web".utf8)),
                mimeType: "video/mp4", width: 4, height: 3, byteSize: 7))
        try await catalog.insert(clip, variants: variants, tags: [])
        return clip
    }

    @Test(arguments: CatalogUnderTest.all)
    func aClipPairsWithItsStillAndBecomesItsMotion(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let still = try await Samples.insert(catalog, takenAt: 1)
        let clip = try await Self.clip(catalog)
        let bystander = try await Samples.insert(catalog, takenAt: 3)
        #expect(try await catalog.recordLivePart(.still, identifier: "ID-1", photoId: still.id) == nil)
        #expect(try await catalog.recordLivePart(.still, identifier: "ID-2", photoId: bystander.id) == nil)
        #expect(try await catalog.recordLivePart(.clip, identifier: "ID-1", photoId: clip.id) == still.id)
        #expect(try await catalog.recordLivePart(.clip, identifier: "ID-1", photoId: "no-such-photo") == nil)

        let clipKeys = try #require(try await catalog.photo(id: clip.id)).variants.mapValues(\.blobKey)
        let seq = try await catalog.latestChangeSeq()
        let freed = try #require(
            try await catalog.attachMotion(
                clip: clip.id, toStill: still.id, jobs: [JobRequest(.transcodeVideo, payload: still.id)], now: 5))
        let queued = try await catalog.claimJob(kinds: [.transcodeVideo], worker: "w", leaseMilliseconds: 9, now: 5)
        #expect(queued?.payload == still.id, "the motion's rendition is queued with the pairing")
        #expect(Set(freed) == Set(clipKeys.values))
        #expect(try await catalog.photo(id: clip.id) == nil)
        let item = try #require(try await catalog.photo(id: still.id))
        #expect(item.variants[.motion]?.blobKey == clipKeys[.original])
        #expect(item.variants[.motion]?.mimeType == "video/quicktime")
        #expect(item.variants[.motionWeb]?.blobKey == clipKeys[.webVideo])
        #expect(item.variants[.motionWeb]?.byteSize == 7)
        #expect(try await catalog.count() == 2)
        let changes = try #require(try await catalog.changes(after: seq)).map { "\($0.kind.rawValue) \($0.photoId)" }
        #expect(changes == ["delete \(clip.id)", "update \(still.id)"])

        // What moved stays referenced: the collector keeps it and takes only the clip's poster variants.
        let deleted = try await catalog.collectGarbage(candidates: freed) { _ in }
        #expect(Set(deleted) == Set(freed).subtracting([clipKeys[.original]!, clipKeys[.webVideo]!]))
        #expect(try await catalog.stillHolding(motion: clipKeys[.original]!) == still.id)
        #expect(try await catalog.stillHolding(motion: clipKeys[.webVideo]!) == nil)

        // A still with motion takes no second clip; a clip recorded later for it finds no still.
        let late = try await Self.clip(catalog, takenAt: 4)
        #expect(try await catalog.recordLivePart(.clip, identifier: "ID-1", photoId: late.id) == nil)
        #expect(try await catalog.attachMotion(clip: late.id, toStill: still.id) == nil)
        #expect(try await catalog.attachMotion(clip: bystander.id, toStill: still.id) == nil, "not a clip")
        #expect(try await catalog.attachMotion(clip: late.id, toStill: "gone") == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aStillRecordedAfterItsClipFindsIt(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let clip = try await Self.clip(catalog)
        let still = try await Samples.insert(catalog, takenAt: 1)
        #expect(try await catalog.recordLivePart(.clip, identifier: "ID", photoId: clip.id) == nil)
        #expect(try await catalog.recordLivePart(.still, identifier: "OTHER", photoId: still.id) == nil)
        #expect(try await catalog.recordLivePart(.still, identifier: "ID", photoId: still.id) == clip.id)
        // A deleted clip leaves its record with it.
        _ = try await catalog.delete(id: clip.id)
        #expect(try await catalog.recordLivePart(.still, identifier: "ID", photoId: still.id) == nil)
    }

    /// Parts recorded at the same moment, many times over: exactly one of each pair finds the other.
    @Test(arguments: CatalogUnderTest.all)
    func partsRecordedAtOnceFindEachOther(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        for round in 0..<12 {
            let still = try await Samples.insert(catalog, takenAt: Int64(round))
            let clip = try await Self.clip(catalog, takenAt: Int64(round))
            async let fromStill = catalog.recordLivePart(.still, identifier: "R\(round)", photoId: still.id)
            async let fromClip = catalog.recordLivePart(.clip, identifier: "R\(round)", photoId: clip.id)
            let (a, b) = try await (fromStill, fromClip)
            #expect(
                [a, b].compactMap { $0 }.count == 1,
                "round \(round): \(String(describing: a)), \(String(describing: b))")
            #expect(a == nil || a == clip.id)
            #expect(b == nil || b == still.id)
        }
    }
}
