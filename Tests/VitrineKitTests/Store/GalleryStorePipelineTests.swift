import Foundation
import Testing
import VitrineAPI
import VitrineKit

/// The store and the image pipeline together, as an app wires them: the deck's previews reach the
/// pipeline's cache before the viewer shows them.
@Suite struct GalleryStorePipelineTests {
    @Test func openingAPhotoWarmsItsDeckInThePipeline() async throws {
        try await StoreServer.with(photos: 12) { server in
            let client = server.client()
            let pipeline = ImagePipeline(configuration: .init(client: client))
            let store = GalleryStore(client: client, prefetcher: ImagePrefetcher(pipeline: pipeline))
            await store.send(.loadMore)
            await store.send(.open(index: 4))
            let state = await store.state
            let deck = try #require(state.deck)
            #expect(deck == 2...8)
            let requests = deck.map { ImageRequest(state.items[$0].preview, client: client) }
            let deadline = ContinuousClock.now + .seconds(60)
            while requests.contains(where: { pipeline.cachedImage(for: $0) == nil }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            for (index, request) in zip(deck, requests) {
                let cached = try #require(pipeline.cachedImage(for: request), "preview \(index) prefetched")
                let response = try await client.download(state.items[index].preview.url).collect(upTo: 64 << 20)
                #expect(cached.data == response)
            }
            // Outside the deck nothing was fetched.
            let outside = ImageRequest(state.items[10].preview, client: client)
            #expect(pipeline.cachedImage(for: outside) == nil)
        }
    }
}
