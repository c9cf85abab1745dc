import Blobs
import Catalog
import CatalogPostgres
import FileBlobs
import Foundation
import TestSupport
import Testing
import VitrineCore

/// Leases and collections racing through separate `PostgresCatalog`s (separate pools, so separate
/// connections and transactions), as an importing server and a collecting one would. PostgreSQL runs their
/// transactions side by side, unlike SQLite's single writer: these check that a leased or referenced blob
/// is never deleted however the two interleave.
@Suite struct LeaseCollectionRaceTests {
    let folder = TemporaryDirectory("pg-lease-race")
    static let iterations = 50
    static let keysPerIteration = 20

    /// Three catalogs on one fresh database: an importer, a collector, and an observer that checks.
    func catalogs() async throws -> (importer: PostgresCatalog, collector: PostgresCatalog, observer: PostgresCatalog) {
        let url = try PostgresServer.shared().makeDatabase("race")
        let configuration = try PostgresCatalogConfiguration(url: url + "&pool_size=2")
        func open(_ holder: String) async throws -> PostgresCatalog {
            try await PostgresCatalog.open(configuration, leaseHolder: LeaseHolder(record: holder) { _ in false })
        }
        return (try await open("importer"), try await open("collector"), try await open("observer"))
    }

    /// The blobs of one iteration: half already in the store (an earlier import's orphans), so that the
    /// collector finds work whichever side runs first.
    func contents(_ iteration: Int, store: FileBlobStore) async throws -> [[UInt8]] {
        let contents = (0..<Self.keysPerIteration).map { Array("iteration \(iteration) blob \($0)".utf8) }
        for bytes in contents.prefix(Self.keysPerIteration / 2) {
            _ = try await store.put(bytes, contentType: "application/octet-stream")
        }
        return contents
    }

    @Test func aLeasedBlobIsNeverDeletedWhileItsImportHoldsIt() async throws {
        let (importer, collector, observer) = try await catalogs()
        let store = try FileBlobStore(root: folder.file("blobs"))
        let violations = EventLog()
        var deletedInAll = 0
        for iteration in 0..<Self.iterations {
            let contents = try await contents(iteration, store: store)
            let keys = contents.map(BlobKey.of)
            let owner = "import-\(iteration)"
            async let importing: Void = {
                // One key at a time, so leases land between the collector's steps too.
                for bytes in contents {
                    try await importer.lease([BlobKey.of(bytes)], owner: owner)
                    _ = try await store.put(bytes, contentType: "application/octet-stream")
                }
                for key in try await Self.missing(keys, in: store) {
                    await violations.append("\(iteration): leased \(key) was deleted")
                }
                try await importer.releaseLeases(owner: owner)
            }()
            async let collecting = collector.collectGarbage(candidates: keys) { batch in
                let leased = Set(try await observer.leases().map(\.blobKey))
                for key in batch where leased.contains(key) {
                    await violations.append("\(iteration): \(key) handed to delete while leased")
                }
                try await store.delete(batch)
            }
            let (_, deleted) = try await (importing, collecting)
            deletedInAll += deleted.count
        }
        #expect(await violations.events == [])
        #expect(deletedInAll > 0, "the collector deleted something, so the race was run")
        #expect(try await observer.leases().isEmpty)
        await importer.close()
        await collector.close()
        await observer.close()
    }

    @Test func aBlobAnInsertReferencesIsNeverDeleted() async throws {
        let (importer, collector, observer) = try await catalogs()
        let store = try FileBlobStore(root: folder.file("blobs"))
        let violations = EventLog()
        var deletedInAll = 0
        for iteration in 0..<Self.iterations {
            let photo = Self.record(iteration)
            let contents = VariantKind.allCases.map { Array("iteration \(iteration) \($0.rawValue)".utf8) }
            let variants = zip(VariantKind.allCases, contents).map { kind, bytes in
                VariantRecord(
                    photoId: photo.id, kind: kind, blobKey: BlobKey.of(bytes), mimeType: "image/jpeg", width: 4,
                    height: 3, byteSize: Int64(bytes.count))
            }
            let keys = variants.map(\.blobKey)
            // An earlier failed import left some of these blobs behind: the collector has them to take.
            for bytes in contents.prefix(2) { _ = try await store.put(bytes, contentType: "image/jpeg") }
            let owner = "import-\(iteration)"
            async let importing: Void = {
                try await importer.lease(keys, owner: owner)
                for bytes in contents { _ = try await store.put(bytes, contentType: "image/jpeg") }
                // Recording the rows drops the lease in the same transaction: from here the rows protect them.
                try await importer.insert(photo, variants: variants, tags: [], leaseOwner: owner)
            }()
            async let collecting = collector.collectGarbage(candidates: keys) { batch in
                let referenced = try await observer.referencedBlobKeys()
                for key in batch where referenced.contains(key) {
                    await violations.append("\(iteration): referenced \(key) handed to delete")
                }
                try await store.delete(batch)
            }
            let (_, deleted) = try await (importing, collecting)
            deletedInAll += deleted.count
            for key in try await Self.missing(keys, in: store) {
                await violations.append("\(iteration): \(key) lost")
            }
            #expect(try await collector.collectGarbage(candidates: keys) { _ in } == [], "referenced: never taken")
        }
        #expect(await violations.events == [])
        #expect(deletedInAll > 0, "the collector deleted something, so the race was run")
        #expect(try await observer.leases().isEmpty)
        await importer.close()
        await collector.close()
        await observer.close()
    }

    /// The keys of `keys` whose blobs are not in `store`.
    static func missing(_ keys: [BlobKey], in store: FileBlobStore) async throws -> [BlobKey] {
        var missing: [BlobKey] = []
        for key in keys where !(try await store.contains(key)) { missing.append(key) }
        return missing
    }

    static func record(_ iteration: Int) -> PhotoRecord {
        let id = PhotoID.make()
        return PhotoRecord(
            id: id, contentHash: "race-\(id)", originalName: "\(id).jpg", format: "jpeg", mimeType: "image/jpeg",
            byteSize: 10, width: 4, height: 3, takenAt: Int64(iteration), takenAtSource: "exif",
            thumbHash: Data([1, 2, 3]), averageColor: "#102030", importedAt: 0, updatedAt: 0)
    }

    @Test func twoCollectorsNeverDeleteTheSameKeyAtOnceNorALeasedOne() async throws {
        let (importer, collector, other) = try await catalogs()
        let store = try FileBlobStore(root: folder.file("blobs"))
        let deleting = DeletingKeys()
        for iteration in 0..<Self.iterations {
            let contents = try await contents(iteration, store: store)
            let keys = contents.map(BlobKey.of)
            let owner = "import-\(iteration)"
            @Sendable func delete(_ batch: [BlobKey]) async throws {
                await deleting.begin(batch, iteration: iteration)
                let leased = Set(try await importer.leases().map(\.blobKey))
                await deleting.check(batch, against: leased, iteration: iteration)
                try await store.delete(batch)
                await deleting.end(batch)
            }
            async let importing: Void = {
                try await importer.lease(keys, owner: owner)
                for bytes in contents { _ = try await store.put(bytes, contentType: "application/octet-stream") }
                for key in try await Self.missing(keys, in: store) {
                    await deleting.violation("\(iteration): leased \(key) was deleted")
                }
                try await importer.releaseLeases(owner: owner)
            }()
            async let first = collector.collectGarbage(candidates: keys, delete: delete)
            async let second = other.collectGarbage(candidates: keys.reversed(), delete: delete)
            _ = try await (importing, first, second)
        }
        #expect(await deleting.violations == [])
        await importer.close()
        await collector.close()
        await other.close()
    }
}

/// Events in the order they happened, across tasks.
actor EventLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
}

/// The keys some collection is deleting now, and what went wrong.
actor DeletingKeys {
    private var now: Set<BlobKey> = []
    private(set) var violations: [String] = []

    func begin(_ batch: [BlobKey], iteration: Int) {
        for key in batch where now.contains(key) { violations.append("\(iteration): \(key) deleted twice at once") }
        now.formUnion(batch)
    }

    func check(_ batch: [BlobKey], against leased: Set<BlobKey>, iteration: Int) {
        for key in batch where leased.contains(key) { violations.append("\(iteration): \(key) deleted while leased") }
    }

    func end(_ batch: [BlobKey]) { now.subtract(batch) }

    func violation(_ message: String) { violations.append(message) }
}
