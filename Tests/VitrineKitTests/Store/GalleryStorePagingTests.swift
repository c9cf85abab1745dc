import Foundation
import GalleryEngine
import Synchronization
import Testing
import VitrineAPI
import VitrineKit

/// The seeds' paging rules against a real server, with failures injected by `StoreFaults`: pages of 20,
/// the next when within 10 of the end, one request at a time, 3 retries with back-off, stop at the total.
@Suite struct GalleryStorePagingTests {
    /// Back-off waits, recorded and skipped, so retries take no time and their delays can be checked.
    final class Delays: Sendable {
        private let log = Mutex<[Duration]>([])
        var all: [Duration] { log.withLock { $0 } }

        /// The engine's policy with the seeds' 3 retries, scaled down.
        static let policy = RetryPolicy(initialDelay: 100, maximumDelay: 1000, retries: 3)

        var sleep: @Sendable (Duration) async throws -> Void {
            { delay in self.log.withLock { $0.append(delay) } }
        }
    }

    @Test func pagesOfTwentyTheNextWithinTenOfTheEndAndNoneAfterTheTotal() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let store = GalleryStore(client: server.client(faults))
            await store.send(.visible(index: 0))
            var state = await store.state
            #expect(state.items.count == 20 && state.total == 45 && state.nextCursor != nil)
            #expect(state.items.map(\.id) == Array(server.ids.prefix(20)))
            await store.send(.visible(index: 5))
            await store.send(.visible(index: 9))
            #expect(faults.pageRequests.count == 1, "19 and 10 photos left below: no page yet")

            await store.send(.visible(index: 10))
            state = await store.state
            #expect(faults.pageRequests.count == 2)
            #expect(state.items.map(\.id) == Array(server.ids.prefix(40)))

            await store.send(.visible(index: 30))
            state = await store.state
            #expect(state.items.map(\.id) == server.ids)
            #expect(state.isComplete && state.nextCursor == nil && !state.isLoading && state.failure == nil)

            await store.send(.visible(index: 44))
            await store.send(.loadMore)
            await store.send(.visible(index: 1000))
            #expect(faults.pageRequests.count == 3, "45 photos: exactly 3 page requests")
            let first = try #require(faults.pageRequests.first)
            #expect(first.url.query?.contains("limit=20") == true)
        }
    }

    @Test func triggersWhileAPageIsInFlightMakeNoSecondRequest() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let store = GalleryStore(client: server.client(faults))
            faults.hold()
            defer { faults.release() }
            let first = Task { await store.send(.loadMore) }
            try await StoreWaiting.until("the first page request") { faults.pageRequests.count == 1 }
            #expect(await store.state.isLoading)
            // Dropped triggers return at once, while the first request is still held. They run in a task
            // of their own: a trigger that waited for the held request would ignore a deadline's cancel.
            let returned = StoreFlag()
            Task {
                async let a: Void = store.send(.loadMore)
                async let b: Void = store.send(.visible(index: 0))
                async let c: Void = store.send(.visible(index: 19))
                _ = await (a, b, c)
                returned.raise()
            }
            try await StoreWaiting.until("dropped triggers to return") { returned.isRaised }
            #expect(faults.pageRequests.count == 1)
            faults.release()
            await first.value
            let state = await store.state
            #expect(state.items.count == 20 && !state.isLoading)
            #expect(faults.pageRequests.count == 1)
        }
    }

    @Test func threeRetriesWithBackOffThenAFailureThatStopsPagingUntilLoadMore() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let delays = Delays()
            let store = GalleryStore(client: server.client(faults), retry: Delays.policy, sleep: delays.sleep)
            faults.fail(next: 4, with: .status(503))
            await store.send(.loadMore)
            var state = await store.state
            #expect(faults.pageRequests.count == 4, "one request and 3 retries")
            #expect(state.failure == .http(status: 503, code: "unavailable", message: "injected by StoreFaults"))
            #expect(state.items.isEmpty && state.total == nil && !state.isLoading)
            #expect(delays.all == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])

            await store.send(.visible(index: 0))
            #expect(faults.pageRequests.count == 4, "paging waits for loadMore after a failure")

            await store.send(.loadMore)
            state = await store.state
            #expect(faults.pageRequests.count == 5)
            #expect(state.failure == nil && state.items.map(\.id) == Array(server.ids.prefix(20)))
        }
    }

    @Test func aFailureThenSuccessOnRetry() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let delays = Delays()
            let store = GalleryStore(client: server.client(faults), retry: Delays.policy, sleep: delays.sleep)
            faults.fail(next: 2, with: .error(.offline("injected")))
            await store.send(.visible(index: 0))
            let state = await store.state
            #expect(faults.pageRequests.count == 3)
            #expect(state.failure == nil && state.items.map(\.id) == Array(server.ids.prefix(20)))
            #expect(delays.all.count == 2)
        }
    }

    @Test func aFailedNextPageKeepsThePagesAndLoadMoreResumesAtTheCursor() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let store = GalleryStore(client: server.client(faults), retry: Delays.policy, sleep: Delays().sleep)
            await store.send(.visible(index: 0))
            faults.fail(next: 4, with: .error(.timeout))
            await store.send(.visible(index: 15))
            var state = await store.state
            #expect(state.failure == .timeout && state.items.count == 20 && state.nextCursor != nil)
            #expect(faults.pageRequests.count == 5)
            await store.send(.visible(index: 19))
            #expect(faults.pageRequests.count == 5)

            await store.send(.loadMore)
            state = await store.state
            #expect(state.failure == nil && state.items.map(\.id) == Array(server.ids.prefix(40)))
            let last = try #require(faults.pageRequests.last)
            #expect(last.url.query?.contains("cursor=") == true)
        }
    }

    @Test func anErrorThatWaitingCannotMendIsNotRetried() async throws {
        try await StoreServer.with(photos: 3) { server in
            let faults = StoreFaults()
            let delays = Delays()
            let store = GalleryStore(client: server.client(faults), retry: Delays.policy, sleep: delays.sleep)
            faults.fail(next: 1, with: .status(404))
            await store.send(.loadMore)
            #expect(await store.state.failure?.isTransient == false)
            #expect(faults.pageRequests.count == 1 && delays.all.isEmpty)
        }
    }

    @Test func theDefaultPolicyIsTheEnginesAndItsDelaysReachTheStore() async throws {
        try await StoreServer.with(photos: 3) { server in
            let faults = StoreFaults()
            let delays = Delays()
            let store = GalleryStore(client: server.client(faults), sleep: delays.sleep)
            faults.fail(next: 6, with: .status(503))
            await store.send(.loadMore)
            #expect(faults.pageRequests.count == 6, "one request and the engine's 5 retries")
            #expect(delays.all == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)])
            #expect(await store.state.failure?.isTransient == true)
        }
    }

    @Test func observersSeeEachPageAsInsertionsAtTheEnd() async throws {
        try await StoreServer.with(photos: 25) { server in
            let store = GalleryStore(client: server.client())
            let log = await StoreUpdateLog.start(store)
            await store.send(.loadMore)
            await store.send(.loadMore)
            try await log.wait(for: "the second page") { $0.state.items.count == 25 }
            #expect(
                log.itemChanges == [
                    GalleryChanges(insertions: IndexSet(0..<20)), GalleryChanges(insertions: IndexSet(20..<25)),
                ])
            #expect(log.all.contains { $0.state.isLoading }, "observers see the request running")
            #expect(log.all.last?.state.isLoading == false)
        }
    }
}
