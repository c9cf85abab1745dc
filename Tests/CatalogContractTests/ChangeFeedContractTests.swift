import Catalog
import Synchronization
import TestSupport
import Testing

/// `ChangeFeed`: every change in order, resumable by sequence number, whichever connection wrote.
@Suite struct ChangeFeedContractTests {
    let folder = TemporaryDirectory("contract-feed")

    @Test(arguments: CatalogUnderTest.all)
    func everyChangeIsLoggedInOrderAndResumable(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        #expect(try await catalog.latestChangeSeq() == 0)
        #expect(try await catalog.changes(after: 0) == [])
        let a = try await Samples.insert(catalog, takenAt: 10)
        let b = try await Samples.insert(catalog, takenAt: 20)
        _ = try await catalog.update(id: a.id, CatalogEdit(title: "A"))
        _ = try await catalog.delete(id: b.id)
        let all = try #require(try await catalog.changes(after: 0))
        #expect(all.map(\.kind) == [.insert, .insert, .update, .delete])
        #expect(all.map(\.photoId) == [a.id, b.id, a.id, b.id])
        #expect(all.map(\.sortTakenAt) == [10, 20, 10, 20])
        #expect(all.compactMap(\.seq).count == 4 && all.compactMap(\.seq) == all.compactMap(\.seq).sorted())
        let seq2 = try #require(all[1].seq)
        #expect(try await catalog.changes(after: seq2)?.map(\.kind) == [.update, .delete])
        #expect(try await catalog.changes(after: 0, limit: 2)?.map(\.photoId) == [a.id, b.id])
        #expect(try await catalog.latestChangeSeq() == all.last?.seq)
        let future = try #require(all.last?.seq) + 1000
        #expect(try await catalog.changes(after: future) == nil, "a sequence from the future cannot resume")
    }

    @Test(arguments: CatalogUnderTest.all)
    func anotherConnectionsWritesReachTheFeed(_ kind: CatalogUnderTest) async throws {
        let reader = try await kind.open(in: folder)
        let writer = try await kind.open(in: folder)
        let photo = try await Samples.insert(writer)
        #expect(try await reader.changes(after: 0)?.map(\.photoId) == [photo.id])
        #expect(try await reader.latestChangeSeq() == writer.latestChangeSeq())
    }

    @Test(arguments: CatalogUnderTest.all)
    func observersHearThisProcesssChangesUntilCancelled(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let heard = AsyncStream<Void>.makeStream()
        let count = Mutex(0)
        let observation = try await catalog.observeChanges {
            count.withLock { $0 += 1 }
            heard.continuation.yield()
        }
        try await Samples.insert(catalog)
        for await _ in heard.stream { break }
        #expect(count.withLock { $0 } >= 1)
        observation.cancel()
        let before = count.withLock { $0 }
        try await Samples.insert(catalog)
        _ = try await catalog.latestChangeSeq()
        #expect(count.withLock { $0 } == before, "no callback after cancel")
    }
}
