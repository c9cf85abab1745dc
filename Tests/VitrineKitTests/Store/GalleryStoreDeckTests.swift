import Foundation
import Testing
import VitrineAPI
import VitrineKit

/// The viewer's deck: 2 behind, the open photo, 4 ahead in the direction of travel, handed to the
/// prefetcher as exactly the previews that enter and leave it.
@Suite struct GalleryStoreDeckTests {
    @Test func theDeckLeadsInTheDirectionOfTravelAndThePrefetcherSeesOnlyWhatChanged() async throws {
        try await StoreServer.with(photos: 45) { server in
            let client = server.client()
            let prefetcher = StoreRecordingPrefetcher()
            let store = GalleryStore(client: client, prefetcher: prefetcher)
            await store.send(.loadMore)
            let items = await store.state.items
            let preview = { (index: Int) in client.resolve(items[index].preview.url) }
            #expect(prefetcher.calls.isEmpty, "the grid warms no previews")

            await store.send(.open(index: 5))
            var state = await store.state
            #expect(state.current == 5 && state.direction == 1 && state.deck == 3...9)
            #expect(prefetcher.stopped.isEmpty)
            #expect(prefetcher.started.first == preview(5), "the open photo first")
            #expect(Set(prefetcher.started) == Set((3...9).map(preview)) && prefetcher.started.count == 7)

            prefetcher.clear()
            await store.send(.next)
            state = await store.state
            #expect(state.current == 6 && state.deck == 4...10)
            #expect(prefetcher.calls == [.stop([preview(3)]), .start([preview(10)])])

            prefetcher.clear()
            await store.send(.next)
            state = await store.state
            #expect(state.current == 7 && state.deck == 5...11, "4 ahead: +4 covered")
            #expect(prefetcher.calls == [.stop([preview(4)]), .start([preview(11)])])

            prefetcher.clear()
            await store.send(.previous)
            state = await store.state
            #expect(state.current == 6 && state.direction == -1 && state.deck == 2...8, "the deck turns")
            #expect(Set(prefetcher.stopped) == Set([9, 10, 11].map(preview)) && prefetcher.stopped.count == 3)
            #expect(prefetcher.started == [4, 3, 2].map(preview), "nearest first")

            prefetcher.clear()
            await store.send(.close)
            state = await store.state
            #expect(state.current == nil && state.deck == nil)
            #expect(prefetcher.started.isEmpty && Set(prefetcher.stopped) == Set((2...8).map(preview)))
        }
    }

    @Test func theViewerStaysAtTheEndsAndIgnoresIndicesThatAreNotThere() async throws {
        try await StoreServer.with(photos: 3) { server in
            let prefetcher = StoreRecordingPrefetcher()
            let store = GalleryStore(client: server.client(), prefetcher: prefetcher)
            await store.send(.open(index: 0))
            await store.send(.next)
            #expect(await store.state.current == nil, "nothing to open before the first page")
            await store.send(.loadMore)
            for index in [-1, 3, Int.max, Int.min] { await store.send(.open(index: index)) }
            #expect(await store.state.current == nil)

            await store.send(.open(index: 0))
            await store.send(.previous)
            var state = await store.state
            #expect(state.current == 0 && state.direction == 1 && state.deck == 0...2)
            await store.send(.next)
            await store.send(.next)
            await store.send(.next)
            state = await store.state
            #expect(state.current == 2 && state.deck == 0...2)
            #expect(Set(prefetcher.started).count == 3 && prefetcher.stopped.isEmpty)
        }
    }

    @Test func travellingNearTheEndFetchesTheNextPageLikeTheGrid() async throws {
        try await StoreServer.with(photos: 45) { server in
            let faults = StoreFaults()
            let prefetcher = StoreRecordingPrefetcher()
            let store = GalleryStore(client: server.client(faults), prefetcher: prefetcher)
            await store.send(.loadMore)
            await store.send(.open(index: 9))
            #expect(faults.pageRequests.count == 1, "10 photos ahead: no page yet")
            await store.send(.next)
            let state = await store.state
            #expect(faults.pageRequests.count == 2)
            #expect(state.current == 10 && state.items.map(\.id) == Array(server.ids.prefix(40)))
            #expect(state.deck == 8...14 && state.currentItem?.id == server.ids[10])
        }
    }
}
