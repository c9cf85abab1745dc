import Foundation
import TestSupport
import Testing

@testable import Catalog

@Suite struct EditsAndChangesTests {
    let folder = TemporaryDirectory("edits")

    func catalog() throws -> PhotoCatalog { try PhotoCatalog(path: folder.file("catalog.sqlite")) }

    func insert(
        _ catalog: PhotoCatalog, name: String, title: String? = nil, tags: [String] = [], takenAt: Int64 = 0,
        keys: [String]? = nil
    ) throws -> PhotoRecord {
        var photo = PhotoCatalogTests.record(takenAt: takenAt)
        photo.originalName = name
        photo.title = title
        var variants = PhotoCatalogTests.variants(for: photo.id)
        if let keys { for index in variants.indices { variants[index].blobKey = keys[index] } }
        try catalog.insert(photo, variants: variants, tags: tags)
        return photo
    }

    static func key(_ n: Int) -> String { String(format: "%064x", n) }

    func names(_ catalog: PhotoCatalog, _ query: String) throws -> [String] {
        try catalog.relevancePage(after: nil, limit: 50, filter: PhotoFilter(query: query)).items.map(
            \.photo.originalName)
    }

    @Test func editReplacesTitleAndTagsAndTheSearchRow() throws {
        let catalog = try catalog()
        let photo = try insert(catalog, name: "a.jpg", title: "Old title", tags: ["Paris", "Food"])
        let edited = try #require(try catalog.update(id: photo.id, .init(title: "Crème brûlée", tags: ["Dessert"])))
        #expect(edited.photo.title == "Crème brûlée")
        #expect(try catalog.tags(of: photo.id) == ["Dessert"])
        #expect(try names(catalog, "creme") == ["a.jpg"], "the search row follows the edit, diacritics folded")
        #expect(try names(catalog, "old") == [])
        #expect(try names(catalog, "paris") == [])
        #expect(try catalog.tagCounts() == [TagCount(name: "Dessert", count: 1)], "unused tags disappear")

        let cleared = try #require(try catalog.update(id: photo.id, .init(title: .some("  "))))
        #expect(cleared.photo.title == nil)
        #expect(try catalog.tags(of: photo.id) == ["Dessert"], "tags untouched when not given")
        #expect(try catalog.update(id: PhotoID.make(), .init(title: "x")) == nil)
    }

    @Test func tagCountsFollowEditsAndDeletes() throws {
        let catalog = try catalog()
        let a = try insert(catalog, name: "a.jpg", tags: ["Sea", "Sun"], keys: (0..<5).map(Self.key))
        let b = try insert(catalog, name: "b.jpg", tags: ["Sea"], keys: (5..<10).map(Self.key))
        #expect(try catalog.tagCounts() == [TagCount(name: "Sea", count: 2), TagCount(name: "Sun", count: 1)])
        _ = try catalog.update(id: b.id, .init(tags: ["Sun", "Snow"]))
        #expect(
            try catalog.tagCounts() == [
                TagCount(name: "Sun", count: 2), TagCount(name: "Sea", count: 1), TagCount(name: "Snow", count: 1),
            ])
        let keys = try #require(try catalog.delete(id: a.id))
        #expect(Set(keys) == Set((0..<5).map(Self.key)))
        #expect(try catalog.tagCounts() == [TagCount(name: "Snow", count: 1), TagCount(name: "Sun", count: 1)])
        #expect(try catalog.delete(id: a.id) == nil)
        #expect(try catalog.count() == 1)
    }

    @Test func deletingFreesTheSearchRowForAReusedRowid() throws {
        let catalog = try catalog()
        let first = try insert(catalog, name: "zebra.jpg", title: "Zebra")
        _ = try catalog.delete(id: first.id)
        // The next photo may get the same rowid; it must not be found by the deleted photo's words.
        _ = try insert(catalog, name: "lion.jpg", title: "Lion")
        #expect(try names(catalog, "zebra") == [])
        #expect(try names(catalog, "lion") == ["lion.jpg"])
    }

    @Test func relevanceRanksTitleMatchesFirstAndPagesByOffset() throws {
        let catalog = try catalog()
        _ = try insert(catalog, name: "sunset-1.jpg", title: "Boats", takenAt: 3)
        _ = try insert(catalog, name: "x.jpg", title: "Sunset sunset over the sea", takenAt: 1)
        _ = try insert(catalog, name: "y.jpg", title: "Sunset", tags: ["sunset"], takenAt: 2)
        _ = try insert(catalog, name: "z.jpg", title: "Harbour", tags: [], takenAt: 4)
        let ranked = try names(catalog, "sunset")
        #expect(ranked.count == 3)
        #expect(ranked.last == "sunset-1.jpg", "a file-name match ranks below title matches: \(ranked)")
        #expect(ranked.first == "y.jpg", "title and tag both match: \(ranked)")

        var seen: [String] = []
        var cursor: RelevanceCursor?
        repeat {
            let page = try catalog.relevancePage(after: cursor, limit: 2, filter: PhotoFilter(query: "sunset"))
            #expect(page.total == 3)
            seen += page.items.map(\.photo.originalName)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == ranked)
        #expect(RelevanceCursor(encoded: RelevanceCursor(offset: 40).encoded) == RelevanceCursor(offset: 40))
        #expect(RelevanceCursor(encoded: PageCursor(takenAt: 1, id: PhotoID.make()).encoded) == nil)
    }

    @Test func everyChangeIsLoggedInOrderAndResumable() throws {
        let catalog = try catalog()
        #expect(try catalog.latestChangeSeq() == 0)
        let a = try insert(catalog, name: "a.jpg", takenAt: 10)
        let b = try insert(catalog, name: "b.jpg", takenAt: 20)
        _ = try catalog.update(id: a.id, .init(title: "A"))
        _ = try catalog.delete(id: b.id)
        let all = try #require(try catalog.changes(after: 0))
        #expect(all.map(\.kind) == [.insert, .insert, .update, .delete])
        #expect(all.map(\.photoId) == [a.id, b.id, a.id, b.id])
        #expect(all.map(\.sortTakenAt) == [10, 20, 10, 20])
        #expect(all.compactMap(\.seq) == all.compactMap(\.seq).sorted())
        let seq2 = try #require(all[1].seq)
        #expect(try catalog.changes(after: seq2)?.map(\.kind) == [.update, .delete])
        #expect(try catalog.latestChangeSeq() == all.last?.seq)
        #expect(try catalog.changes(after: 999) == nil, "a sequence from the future cannot resume")
    }

    /// The feed keeps the last `retainedChanges` events; a client further behind is told to reload.
    @Test func theFeedPrunesItselfAndSendsFarBehindClientsToReload() throws {
        let catalog = try catalog()
        let total = PhotoCatalog.retainedChanges + 1024
        try catalog.writer.write { db in
            for n in 0..<total {
                try PhotoCatalog.recordChange(.update, photoId: "p\(n)", takenAt: n, in: db)
            }
        }
        let (count, oldest) = try catalog.writer.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM changeEvent")!,
                try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changeEvent")!
            )
        }
        #expect(count <= PhotoCatalog.retainedChanges + 512)
        #expect(count >= PhotoCatalog.retainedChanges)
        #expect(oldest > 1)
        #expect(try catalog.changes(after: 0) == nil)
        #expect(try catalog.changes(after: oldest - 1)?.first?.seq == oldest)
        #expect(try catalog.latestChangeSeq() == total)
    }

    @Test func garbageCollectionSparesReferencedAndLeasedBlobs() throws {
        let catalog = try catalog()
        let shared = Self.key(100)
        let a = try insert(catalog, name: "a.jpg", keys: [Self.key(1), Self.key(2), Self.key(3), Self.key(8), shared])
        _ = try insert(catalog, name: "b.jpg", keys: [Self.key(4), Self.key(5), Self.key(6), Self.key(9), shared])
        try catalog.lease(keys: [Self.key(2)], owner: "upload-1")
        let candidates = try #require(try catalog.delete(id: a.id))
        var deleted: [String] = []
        try catalog.collectGarbage(candidates: candidates) { deleted.append($0) }
        #expect(deleted == [Self.key(1), Self.key(3), Self.key(8)], "shared blob and leased blob stay")
        try catalog.releaseLeases(owner: "upload-1")
        deleted = []
        try catalog.collectGarbage(candidates: candidates) { deleted.append($0) }
        #expect(deleted == [Self.key(1), Self.key(2), Self.key(3), Self.key(8)])
    }

    @Test func insertingReleasesItsLeases() throws {
        let catalog = try catalog()
        try catalog.lease(keys: [Self.key(7)], owner: "import-7")
        var photo = PhotoCatalogTests.record(takenAt: 0)
        photo.originalName = "c.jpg"
        try catalog.insert(photo, variants: PhotoCatalogTests.variants(for: photo.id), leaseOwner: "import-7")
        var deleted: [String] = []
        try catalog.collectGarbage(candidates: [Self.key(7)]) { deleted.append($0) }
        #expect(deleted == [Self.key(7)], "after the insert, only variant rows protect blobs")
    }
}
