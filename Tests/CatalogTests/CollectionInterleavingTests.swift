import Blobs
import GRDB
import TestSupport
import Testing

@testable import Catalog

/// How a garbage collection that deletes outside any transaction interleaves with leases, on real SQLite
/// files opened twice, as a collecting process and an importing one would.
@Suite struct CollectionInterleavingTests {
    let folder = TemporaryDirectory("collection")

    func catalog(holder: String, dead: Set<String> = []) throws -> PhotoCatalog {
        try PhotoCatalog(
            path: folder.file("catalog.sqlite"), leaseHolder: LeaseHolder(record: holder) { dead.contains($0) })
    }

    static func key(_ n: Int) -> BlobKey { BlobKey.of(Array("blob \(n)".utf8)) }

    func marks(_ catalog: PhotoCatalog) throws -> [String] {
        try catalog.writer.read { db in try String.fetchAll(db, sql: "SELECT blobKey FROM blobCollection") }
    }

    @Test func aLeaseTakenWhileACollectionDeletesWaitsForTheDelete() async throws {
        let collector = try catalog(holder: "collector")
        let importer = try catalog(holder: "importer")
        let log = EventLog()
        let key = Self.key(1)
        var leasing: Task<Void, any Error>?
        let deleted = try await collector.collectGarbage(candidates: [key]) { batch in
            #expect(batch == [key])
            #expect(try marks(collector) == [key.hex])
            leasing = Task {
                try await importer.lease([key], owner: "import-1")
                await log.append("leased")
            }
            // Give the lease every chance to slip in before the blob is gone.
            try await Task.sleep(for: .milliseconds(300))
            #expect(try importer.leases().isEmpty, "the lease waits while its key is being deleted")
            await log.append("deleted")
        }
        try await #require(leasing).value
        #expect(deleted == [key])
        #expect(await log.events == ["deleted", "leased"])
        #expect(try importer.leases().map(\.blobKey) == [key.hex])
        #expect(try marks(collector).isEmpty, "marks are cleared once the delete finished")
    }

    @Test func aLeaseTakenFirstMakesTheCollectorSkipTheKey() async throws {
        let collector = try catalog(holder: "collector")
        let importer = try catalog(holder: "importer")
        try await importer.lease([Self.key(1)], owner: "import-1")
        var handed: [[BlobKey]] = []
        let deleted = try await collector.collectGarbage(candidates: [Self.key(1), Self.key(2)]) { handed.append($0) }
        #expect(deleted == [Self.key(2)])
        #expect(handed == [[Self.key(2)]])
        try importer.releaseLeases(owner: "import-1")
        #expect(try await collector.collectGarbage(candidates: [Self.key(1)]) { _ in } == [Self.key(1)])
    }

    @Test func aKilledCollectorsMarksDoNotBlockLeases() async throws {
        let collector = try catalog(holder: "collector-killed")
        let marked = AsyncStream<Void>.makeStream()
        let collecting = Task {
            try await collector.collectGarbage(candidates: [Self.key(1)]) { _ in
                marked.continuation.yield()
                // Stands for a process killed mid-delete: it never comes back to clear its mark.
                try await Task.sleep(for: .seconds(3600))
            }
        }
        for await _ in marked.stream { break }
        #expect(try marks(collector) == [Self.key(1).hex])

        let importer = try catalog(holder: "importer", dead: ["collector-killed"])
        try await importer.lease([Self.key(1)], owner: "import-1")
        #expect(try importer.leases().map(\.blobKey) == [Self.key(1).hex])
        #expect(try marks(importer).isEmpty, "the dead collector's mark is dropped")
        collecting.cancel()
        _ = await collecting.result
    }

    @Test func expiredMarksAreIgnoredAndDropped() async throws {
        let catalog = try catalog(holder: "importer")
        try await catalog.writer.write { db in
            try db.execute(
                sql: "INSERT INTO blobCollection (blobKey, collector, holder, expiresAt) VALUES (?, 'old', NULL, 1)",
                arguments: [Self.key(1).hex])
        }
        try await catalog.lease([Self.key(1)], owner: "import-1")
        #expect(try marks(catalog).isEmpty)
        try catalog.releaseLeases(owner: "import-1")
        try await catalog.writer.write { db in
            try db.execute(
                sql: "INSERT INTO blobCollection (blobKey, collector, holder, expiresAt) VALUES (?, 'old', NULL, 1)",
                arguments: [Self.key(2).hex])
        }
        #expect(try await catalog.collectGarbage(candidates: [Self.key(2)]) { _ in } == [Self.key(2)])
    }

    @Test func aFailedDeleteClearsItsMarks() async throws {
        let catalog = try catalog(holder: "collector")
        struct StoreDown: Error {}
        await #expect(throws: StoreDown.self) {
            try await catalog.collectGarbage(candidates: [Self.key(1)]) { _ in throw StoreDown() }
        }
        #expect(try marks(catalog).isEmpty)
        try await catalog.lease([Self.key(1)], owner: "import-1")
        #expect(try catalog.leases().count == 1)
    }

    @Test func collectsInBatchesAndSparesReferencedKeys() async throws {
        let catalog = try catalog(holder: "collector")
        var photo = PhotoCatalogTests.record(takenAt: 0)
        photo.originalName = "kept.jpg"
        var variants = PhotoCatalogTests.variants(for: photo.id)
        variants[0].blobKey = Self.key(0).hex
        try catalog.insert(photo, variants: variants)
        let candidates = (0..<2500).map(Self.key)
        var sizes: [Int] = []
        let deleted = try await catalog.collectGarbage(candidates: candidates + candidates) { sizes.append($0.count) }
        #expect(sizes.count == 3 && sizes.allSatisfy { $0 <= 1000 } && sizes.reduce(0, +) == 2499)
        #expect(Set(deleted) == Set(candidates.dropFirst()))
    }

    @Test func retiredBlobsAreCollectedAndForgotten() async throws {
        let catalog = try catalog(holder: "collector")
        try await catalog.writer.write { db in
            for n in 1...3 {
                try db.execute(sql: "INSERT INTO retiredBlob (blobKey) VALUES (?)", arguments: [Self.key(n).hex])
            }
        }
        try await catalog.lease([Self.key(3)], owner: "import-3")
        var handed: [BlobKey] = []
        let deleted = try await catalog.collectRetiredBlobs { handed += $0 }
        #expect(Set(deleted) == [Self.key(1), Self.key(2)])
        #expect(Set(handed) == Set(deleted))
        #expect(try catalog.retiredBlobCount() == 1, "the leased one waits for the next pass")
    }
}

actor EventLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
}
