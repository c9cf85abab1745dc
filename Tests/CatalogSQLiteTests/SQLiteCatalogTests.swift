import Blobs
import Catalog
import Foundation
import GRDB
import Scheduling
import TestSupport
import Testing
import VitrineAPI
import VitrineCore

@testable import CatalogSQLite

/// What only the SQLite catalog has: the file itself, its query plans, its migrations from older schemas,
/// the rows behind the feed and the collection marks, and the executor its work runs on.
@Suite struct SQLiteCatalogTests {
    let folder = TemporaryDirectory("sqlite-catalog")

    func open(holder: LeaseHolder? = nil, executor: BoundedExecutor? = nil) throws -> SQLiteCatalog {
        try SQLiteCatalog(path: folder.file("catalog.sqlite"), leaseHolder: holder, executor: executor)
    }

    static func record(takenAt: Int64) -> PhotoRecord {
        let id = PhotoID.make()
        return PhotoRecord(
            id: id, contentHash: UUID().uuidString, originalName: "\(id).jpg", format: "jpeg", mimeType: "image/jpeg",
            byteSize: 10, width: 4, height: 3, takenAt: takenAt, takenAtSource: "exif", thumbHash: Data([1]),
            averageColor: "#102030", importedAt: 0, updatedAt: 0)
    }

    static func key(_ n: Int) -> BlobKey { BlobKey.of(Array("sqlite blob \(n)".utf8)) }

    func marks(_ catalog: SQLiteCatalog) async throws -> [String] {
        try await catalog.read { db in try String.fetchAll(db, sql: "SELECT blobKey FROM blobCollection") }
    }

    @Test func isARealSQLiteFileInWALModeThatChecksSound() async throws {
        let catalog = try open()
        try await catalog.insert(Self.record(takenAt: 1), variants: [])
        let mode = try await DatabaseQueue(path: folder.file("catalog.sqlite")).read { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
        #expect(try await catalog.integrityCheck() == ["ok"])
    }

    /// Counts in rows at the edge of the integers, or past it (a REAL an older version's overflowed sum left),
    /// read back as integers and count on without trapping.
    @Test func countsAtTheirLargestStayThereAndReadBack() async throws {
        let catalog = try open()
        let photo = Self.record(takenAt: 1)
        try await catalog.insert(photo, variants: [])
        try await catalog.createLink(LinkRecord(slug: "edge-link-slug-0123456789", createdAt: 1), photos: nil)
        try await catalog.write { db in
            try db.execute(sql: "UPDATE photoCompat SET views = 9223372036854775807, downloads = 9.3e18")
            try db.execute(sql: "UPDATE link SET views = 9223372036854775807")
            try db.execute(
                sql: "INSERT INTO throttleWindow (key, start, failures) VALUES ('api-key:1', 100, ?)",
                arguments: [Int64.min])
        }
        #expect(try await catalog.increment(.views, photoId: photo.id))
        #expect(try await catalog.increment(.downloads, photoId: photo.id))
        let counts = try #require(try await catalog.counters(photoId: photo.id))
        #expect(counts.views == Int.max && counts.downloads == Int.max)
        try await catalog.recordView(slug: "edge-link-slug-0123456789", at: 2)
        #expect(try await catalog.link(slug: "edge-link-slug-0123456789")?.views == Int.max)
        let window = try await catalog.recordFailure(key: "api-key:1", repeatKey: nil, now: 101, windowSeconds: 60)
        #expect(window.failures == 1, "a negative count reads as none")
        let page = try await catalog.compatSearch(CompatSearch())
        #expect(page.items.map(\.views) == [Int.max])
        #expect(try await catalog.trash(id: photo.id) != nil, "the trash reads the counts too")
    }

    /// A trashed photo's document this version cannot read is left out of the trash's pages, but the walk
    /// goes past it: the photos after it are not taken for purged.
    @Test func theTrashPagesPastADocumentItCannotRead() async throws {
        let catalog = try open()
        let photos = (0..<3).map { Self.record(takenAt: Int64($0)) }
        for photo in photos {
            try await catalog.insert(photo, variants: [])
            _ = try await catalog.trash(id: photo.id)
        }
        let order = try await catalog.trashPage(after: nil, limit: 10).items.map(\.item.photo.id)
        #expect(order.count == 3)
        try await catalog.write { db in
            try db.execute(
                sql: "UPDATE trashedPhoto SET document = '{\"written\":\"by a later version\"}' WHERE id = ?",
                arguments: [order[1]])
        }
        let first = try await catalog.trashPage(after: nil, limit: 1)
        #expect(first.items.map(\.item.photo.id) == [order[0]])
        let unread = try await catalog.trashPage(after: first.nextCursor, limit: 1)
        #expect(unread.items.isEmpty && unread.nextCursor != nil, "the unread one: left out, paged past")
        let last = try await catalog.trashPage(after: unread.nextCursor, limit: 1)
        #expect(last.items.map(\.item.photo.id) == [order[2]] && last.nextCursor == nil)
        #expect(try await catalog.trashPage(after: nil, limit: 2).nextCursor == unread.nextCursor)
    }

    @Test func pagingWalksTheIndexInsteadOfScanning() async throws {
        let plan = try await open().pagePlan()
        #expect(plan.contains("photo_on_takenAt_id"), "plan: \(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "plan sorts instead of reading the index: \(plan)")
    }

    @Test func blobKeysAreStoredAsTheirHexText() async throws {
        let catalog = try open()
        let photo = Self.record(takenAt: 1)
        let variant = VariantRecord(
            photoId: photo.id, kind: .original, blobKey: Self.key(1), mimeType: "image/jpeg", width: 4, height: 3,
            byteSize: 10)
        try await catalog.insert(photo, variants: [variant])
        let stored = try await catalog.read { db in try String.fetchOne(db, sql: "SELECT blobKey FROM variant") }
        #expect(stored == Self.key(1).hex)
        // A row no key can be read from is an error, never a trap.
        try await catalog.write { db in try db.execute(sql: "UPDATE variant SET blobKey = '../../etc/passwd'") }
        await #expect(throws: (any Error).self) { _ = try await catalog.photo(id: photo.id) }
    }

    @Test func aFullExecutorRefusesWithBusy() async throws {
        let executor = BoundedExecutor(label: "full", width: 1, queueLimit: 0, refusal: "catalog full")
        let catalog = try open(executor: executor)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let plug = Task {
            try await executor.run {
                started.signal(); gate.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        await #expect(throws: BusyError(message: "catalog full", retryAfterSeconds: 1)) {
            _ = try await catalog.count()
        }
        gate.signal()
        try await plug.value
        #expect(try await catalog.count() == 0)
    }

    @Test func v4BackfillsPhotosImportedBefore() async throws {
        let queue = try DatabaseQueue(path: folder.file("old.sqlite"))
        try SQLiteCatalog.migrator.migrate(queue, upTo: "v3-change-events")
        try await queue.write { db in
            for (index, color) in ["#808080", "#ff0000"].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO photo (id, contentHash, originalName, format, mimeType, byteSize, width, height,
                            takenAt, takenAtSource, thumbHash, averageColor, importedAt, updatedAt)
                        VALUES (?, ?, 'old.jpg', 'jpeg', 'image/jpeg', 1, 4, 3, 0, 'file', x'01', ?, ?, ?)
                        """,
                    arguments: ["oldPhoto000\(index)", "hash\(index)", color, index, index])
            }
        }
        let catalog = try SQLiteCatalog(writer: queue)
        let page = try await catalog.resources(ResourceQuery(), counting: true)
        #expect(page.total == 2)
        #expect(page.items.map(\.number) == [1, 2])
        #expect(page.items.allSatisfy { ObjectID.isValid($0.objectId) })
        #expect(page.items.map(\.photo.colorfulness) == [0, 1])
        #expect(page.items[0].objectId == ObjectID.derive(from: "oldPhoto0000", salt: 0), "derived, so stable")
        var grey = CompatSearch()
        grey.grayscaleOnly = true
        #expect(try await catalog.compatSearch(grey).items.map(\.photo.id) == ["oldPhoto0000"])
    }

    /// v10 counts what was there before it: the catalog's total, each tag's, and each tag's dates.
    @Test func v10CountsPhotosAndTagsThatWereAlreadyThere() async throws {
        let queue = try DatabaseQueue(path: folder.file("counts.sqlite"))
        try SQLiteCatalog.migrator.migrate(queue, upTo: "v9-shared-state")
        try await queue.write { db in
            for index in 0..<3 {
                try db.execute(
                    sql: """
                        INSERT INTO photo (id, contentHash, originalName, format, mimeType, byteSize, width, height,
                            takenAt, takenAtSource, thumbHash, averageColor, importedAt, updatedAt)
                        VALUES (?, ?, 'old.jpg', 'jpeg', 'image/jpeg', 1, 4, 3, ?, 'file', x'01', '#808080', 0, 0)
                        """,
                    arguments: ["oldPhoto000\(index)", "hash\(index)", index * 10])
            }
            try db.execute(sql: "INSERT INTO tag (id, name) VALUES (1, 'sea'), (2, 'sun')")
            try db.execute(
                sql: """
                    INSERT INTO photoTag (photoId, tagId) VALUES
                        ('oldPhoto0000', 1), ('oldPhoto0001', 1), ('oldPhoto0002', 1), ('oldPhoto0002', 2)
                    """)
        }
        let catalog = try SQLiteCatalog(writer: queue)
        #expect(try await catalog.count() == 3)
        let sea = try await catalog.page(after: nil, limit: 2, filter: PhotoFilter(tags: ["Sea"]))
        #expect(sea.total == 3)
        #expect(sea.items.map(\.photo.id) == ["oldPhoto0002", "oldPhoto0001"])
        let rest = try await catalog.page(after: sea.nextCursor, limit: 2, filter: PhotoFilter(tags: ["Sea"]))
        #expect(rest.items.map(\.photo.id) == ["oldPhoto0000"])
        #expect(try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(tags: ["sun"])).total == 1)
    }

    /// v11 counts the months of what was there before it, for the catalog and per tag, and its triggers
    /// follow a change of `takenAt` (no catalog write makes one; a tool editing the file might).
    @Test func v11CountsMonthsOfPhotosThatWereAlreadyThereAndFollowTakenAt() async throws {
        let queue = try DatabaseQueue(path: folder.file("months.sqlite"))
        try SQLiteCatalog.migrator.migrate(queue, upTo: "v10-counts-and-tag-order")
        let november = try #require(UTCMonth(year: 2025, month: 11)?.startMilliseconds)
        let takenAt: [Int64] = [november, november + 5, november - 1, -1]
        try await queue.write { db in
            for (index, instant) in takenAt.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO photo (id, contentHash, originalName, format, mimeType, byteSize, width, height,
                            takenAt, takenAtSource, thumbHash, averageColor, importedAt, updatedAt)
                        VALUES (?, ?, 'old.jpg', 'jpeg', 'image/jpeg', 1, 4, 3, ?, 'file', x'01', '#808080', 0, 0)
                        """,
                    arguments: ["oldPhoto000\(index)", "hash\(index)", instant])
            }
            try db.execute(sql: "INSERT INTO tag (id, name) VALUES (1, 'sea')")
            try db.execute(sql: "INSERT INTO photoTag (photoId, tagId) VALUES ('oldPhoto0000', 1), ('oldPhoto0002', 1)")
        }
        let catalog = try SQLiteCatalog(writer: queue)
        func counts(_ filter: PhotoFilter = PhotoFilter()) async throws -> [String] {
            try await catalog.monthCounts(filter: filter).map { "\($0.month.year)-\($0.month.month):\($0.count)" }
        }
        #expect(try await counts() == ["2025-11:2", "2025-10:1", "1969-12:1"])
        #expect(try await counts(PhotoFilter(tags: ["SEA"])) == ["2025-11:1", "2025-10:1"])

        try await catalog.write { db in
            try db.execute(sql: "UPDATE photo SET takenAt = 0 WHERE id IN ('oldPhoto0000', 'oldPhoto0003')")
        }
        #expect(try await counts() == ["2025-11:1", "2025-10:1", "1970-1:2"])
        #expect(try await counts(PhotoFilter(tags: ["sea"])) == ["2025-10:1", "1970-1:1"])
        _ = try await catalog.delete(id: "oldPhoto0000")
        #expect(try await counts(PhotoFilter(tags: ["sea"])) == ["2025-10:1"])
        #expect(try await counts() == ["2025-11:1", "2025-10:1", "1970-1:1"])
    }

    /// The feed keeps the last `retainedChanges` events; a client further behind is told to reload.
    @Test func theFeedPrunesItselfAndSendsFarBehindClientsToReload() async throws {
        let catalog = try open()
        let total = CatalogPolicy.retainedChanges + 1024
        try await catalog.write { db in
            for n in 0..<total {
                try SQLiteCatalog.recordChange(.update, photoId: "p\(n)", takenAt: n, in: db)
            }
        }
        let (count, oldest) = try await catalog.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM changeEvent") ?? 0,
                try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changeEvent") ?? 0
            )
        }
        #expect(count <= CatalogPolicy.retainedChanges + 512)
        #expect(count >= CatalogPolicy.retainedChanges)
        #expect(oldest > 1)
        #expect(try await catalog.changes(after: 0) == nil)
        #expect(try await catalog.changes(after: oldest - 1)?.first?.seq == oldest)
        #expect(try await catalog.latestChangeSeq() == total)
    }

    @Test func marksLiveOnlyWhileTheDeleteRuns() async throws {
        let catalog = try open(holder: LeaseHolder(record: "collector") { _ in false })
        var during: [String] = []
        _ = try await catalog.collectGarbage(candidates: [Self.key(1)]) { _ in during = try await marks(catalog) }
        #expect(during == [Self.key(1).hex])
        #expect(try await marks(catalog).isEmpty)
    }

    @Test func expiredMarksAreIgnoredAndDropped() async throws {
        let catalog = try open(holder: LeaseHolder(record: "importer") { _ in false })
        func insertExpiredMark(_ key: BlobKey) async throws {
            try await catalog.write { db in
                try db.execute(
                    sql: "INSERT INTO blobCollection (blobKey, collector, holder, expiresAt) VALUES (?, 'old', 'x', 1)",
                    arguments: [key.hex])
            }
        }
        try await insertExpiredMark(Self.key(1))
        try await catalog.lease([Self.key(1)], owner: "import-1")
        #expect(try await marks(catalog).isEmpty)
        try await insertExpiredMark(Self.key(2))
        #expect(try await catalog.collectGarbage(candidates: [Self.key(2)]) { _ in } == [Self.key(2)])
    }

    /// Retired blobs (migration `v5-small-thumb-jpeg`) are collected once unleased, and forgotten.
    @Test func retiredBlobsAreCollectedAndForgotten() async throws {
        let catalog = try open()
        try await catalog.write { db in
            for n in 1...3 {
                try db.execute(sql: "INSERT INTO retiredBlob (blobKey) VALUES (?)", arguments: [Self.key(n).hex])
            }
        }
        try await catalog.lease([Self.key(3)], owner: "import-3")
        var handed: [BlobKey] = []
        let deleted = try await catalog.collectRetiredBlobs { handed += $0 }
        #expect(Set(deleted) == [Self.key(1), Self.key(2)])
        #expect(Set(handed) == Set(deleted))
        #expect(try await catalog.retiredBlobCount() == 1, "the leased one waits for the next pass")
        try await catalog.releaseLeases(owner: "import-3")
        #expect(try await catalog.collectRetiredBlobs { _ in } == [Self.key(3)])
        #expect(try await catalog.retiredBlobCount() == 0)
    }
}
