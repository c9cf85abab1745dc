import Blobs
import Catalog
import TestSupport
import Testing
import VitrineCore

/// `BlobLeases`: how a collection that deletes outside any transaction interleaves with leases, through two
/// connections to one catalog, as a collecting process and an importing one would hold.
@Suite struct BlobLeasesContractTests {
    let folder = TemporaryDirectory("contract-leases")

    func catalog(_ kind: CatalogUnderTest, holder: String, dead: Set<String> = []) async throws -> any PhotoCatalog {
        try await kind.open(in: folder, holder: LeaseHolder(record: holder) { dead.contains($0) })
    }

    /// Leases `keys`, failing the test instead of hanging when the lease is still waiting after a minute
    /// (a mark nobody clears would hold it for `CatalogPolicy.collectionMarkLifetime`).
    func leaseOrFail(_ catalog: any BlobLeases, _ keys: [BlobKey], owner: String) async throws {
        let leased = try await completes(within: .seconds(60)) { try await catalog.lease(keys, owner: owner) }
        #expect(leased, "the lease of \(keys) still waits")
    }

    @Test(arguments: CatalogUnderTest.all)
    func collectionSparesReferencedAndLeasedBlobs(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let shared = Samples.key(100)
        let a = try await Samples.insert(catalog, keys: [1, 2, 3, 8].map(Samples.key) + [shared])
        try await Samples.insert(catalog, keys: [4, 5, 6, 9].map(Samples.key) + [shared])
        try await catalog.lease([Samples.key(2)], owner: "upload-1")
        #expect(try await catalog.leases().map(\.owner) == ["upload-1"])
        let candidates = try #require(try await catalog.delete(id: a.id))
        var handed: [BlobKey] = []
        var deleted = try await catalog.collectGarbage(candidates: candidates) { handed += $0 }
        #expect(Set(deleted) == Set([1, 3, 8].map(Samples.key)), "shared blob and leased blob stay")
        #expect(Set(handed) == Set(deleted))
        try await catalog.releaseLeases(owner: "upload-1")
        #expect(try await catalog.leases().isEmpty)
        deleted = try await catalog.collectGarbage(candidates: candidates) { _ in }
        #expect(Set(deleted) == Set([1, 2, 3, 8].map(Samples.key)), "deleting twice is the store's to absorb")
        #expect(!(try await catalog.referencedBlobKeys().contains(Samples.key(1))))
        #expect(try await catalog.referencedBlobKeys().contains(shared))
    }

    @Test(arguments: CatalogUnderTest.all)
    func insertingReleasesItsLeases(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.lease([Samples.key(7)], owner: "import-7")
        let photo = Samples.record(takenAt: 0)
        try await catalog.insert(photo, variants: Samples.variants(for: photo.id), leaseOwner: "import-7")
        #expect(try await catalog.leases().isEmpty)
        let deleted = try await catalog.collectGarbage(candidates: [Samples.key(7)]) { _ in }
        #expect(deleted == [Samples.key(7)], "after the insert, only variant rows protect blobs")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aLeaseTakenWhileACollectionDeletesWaitsForTheDelete(_ kind: CatalogUnderTest) async throws {
        let collector = try await catalog(kind, holder: "collector")
        let importer = try await catalog(kind, holder: "importer")
        let log = EventLog()
        let key = Samples.key(1)
        var leasing: Task<Void, any Error>?
        let deleted = try await collector.collectGarbage(candidates: [key]) { batch in
            #expect(batch == [key])
            leasing = Task {
                try await importer.lease([key], owner: "import-1")
                await log.append("leased")
            }
            // Give the lease every chance to slip in before the blob is gone.
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await importer.leases().isEmpty, "the lease waits while its key is being deleted")
            await log.append("deleted")
        }
        try await #require(leasing).value
        #expect(deleted == [key])
        #expect(await log.events == ["deleted", "leased"])
        #expect(try await importer.leases().map(\.blobKey) == [key])
        #expect(try await importer.leases().map(\.holder) == ["importer"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aLeaseTakenFirstMakesTheCollectorSkipTheKey(_ kind: CatalogUnderTest) async throws {
        let collector = try await catalog(kind, holder: "collector")
        let importer = try await catalog(kind, holder: "importer")
        try await importer.lease([Samples.key(1)], owner: "import-1")
        var handed: [[BlobKey]] = []
        let deleted = try await collector.collectGarbage(candidates: [Samples.key(1), Samples.key(2)]) {
            handed.append($0)
        }
        #expect(deleted == [Samples.key(2)])
        #expect(handed == [[Samples.key(2)]])
        try await importer.releaseLeases(owner: "import-1")
        #expect(try await collector.collectGarbage(candidates: [Samples.key(1)]) { _ in } == [Samples.key(1)])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aKilledCollectorsMarksDoNotBlockLeases(_ kind: CatalogUnderTest) async throws {
        let collector = try await catalog(kind, holder: "collector-killed")
        let marked = AsyncStream<Void>.makeStream()
        let collecting = Task {
            try await collector.collectGarbage(candidates: [Samples.key(1)]) { _ in
                marked.continuation.yield()
                // Stands for a process killed mid-delete: it never comes back to clear its mark.
                try await Task.sleep(for: .seconds(3600))
            }
        }
        for await _ in marked.stream { break }
        let importer = try await catalog(kind, holder: "importer", dead: ["collector-killed"])
        try await leaseOrFail(importer, [Samples.key(1)], owner: "import-1")
        #expect(try await importer.leases().map(\.blobKey) == [Samples.key(1)])
        collecting.cancel()
        _ = await collecting.result
    }

    @Test(arguments: CatalogUnderTest.all)
    func aFailedDeleteClearsItsMarks(_ kind: CatalogUnderTest) async throws {
        let collector = try await catalog(kind, holder: "collector")
        struct StoreDown: Error {}
        await #expect(throws: StoreDown.self) {
            try await collector.collectGarbage(candidates: [Samples.key(1)]) { _ in throw StoreDown() }
        }
        try await leaseOrFail(try await catalog(kind, holder: "importer"), [Samples.key(1)], owner: "import-1")
        #expect(try await collector.leases().count == 1)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aDeadImportersLeasesAreDroppedByTheNextCollection(_ kind: CatalogUnderTest) async throws {
        let killed = try await catalog(kind, holder: "import-killed")
        let live = try await catalog(kind, holder: "import-live")
        try await killed.lease([Samples.key(1)], owner: "killed")
        try await live.lease([Samples.key(2)], owner: "live")
        let collector = try await catalog(kind, holder: "collector", dead: ["import-killed"])
        #expect(try await collector.collectGarbage(candidates: []) { _ in Issue.record("nothing to delete") } == [])
        #expect(try await collector.leases().map(\.owner) == ["live"], "even a collection with no candidates")
        try await killed.lease([Samples.key(1)], owner: "killed")
        let deleted = try await collector.collectGarbage(candidates: [Samples.key(1), Samples.key(2)]) { _ in }
        #expect(deleted == [Samples.key(1)], "only the dead holder's lease stops protecting")
        #expect(try await collector.leases().map(\.owner) == ["live"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func collectsInBatchesOfAtMostTheBatchSize(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await Samples.insert(catalog, keys: [0, 1, 2, 3, 4].map { Samples.key($0 * 1_000_000) })
        let candidates = (0..<2500).map(Samples.key)
        var sizes: [Int] = []
        let deleted = try await catalog.collectGarbage(candidates: candidates + candidates) { sizes.append($0.count) }
        #expect(sizes.allSatisfy { $0 <= CatalogPolicy.collectionBatchSize } && sizes.count == 3)
        #expect(Set(deleted) == Set(candidates.dropFirst()), "duplicates once, the referenced key never")
        #expect(deleted.count == 2499)
    }
}
