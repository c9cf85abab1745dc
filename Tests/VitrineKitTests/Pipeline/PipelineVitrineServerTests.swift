import Foundation
import Testing
import VitrineAPI

@testable import VitrineKit

@Suite struct PipelineVitrineServerTests {
    @Test func aPhotosThumbnailComesThroughThePipeline() async throws {
        try await withPipelineVitrineServer { client in
            let page = try await client.photos()
            let photo = try #require(page.items.first)
            var configuration = ImagePipeline.Configuration(client: client)
            configuration.rateLimiter = nil
            let pipeline = ImagePipeline(configuration: configuration)
            let request = ImageRequest(photo.thumb, client: client)
            let response = try await pipeline.image(for: request)
            #expect(response.source == .network)
            #expect(response.container.pixelSize == PixelSize(width: photo.thumb.width, height: photo.thumb.height))
            let direct = try await client.download(photo.thumb.url).collect(upTo: 16 << 20)
            #expect(!direct.isEmpty && response.container.data == direct)
            #expect(pipeline.cachedImage(for: request)?.data == direct)
        }
    }
}
