import Foundation
import Testing

@testable import VitrineKit

@Suite struct ImagePrefetcherTests {
    @Test func prefetchingFillsTheMemoryCacheAtLowPriority() async throws {
        try await PipelineHTTPServer.with { server in
            let urls = (0..<4).map { server.serve("/\($0).jpg", imageBytes(2_000, seed: $0)) }
            let pipeline = makePipeline(server)
            let prefetcher = ImagePrefetcher(pipeline: pipeline)
            prefetcher.startPrefetching(with: urls)
            try await waitUntil("the prefetches to finish") { prefetcher.activeCount == 0 }
            for url in urls { #expect(pipeline.cachedImage(for: ImageRequest(url: url)) != nil) }
            prefetcher.startPrefetching(with: urls)
            #expect(prefetcher.activeCount == 0)
            #expect(server.allRequests.count == 4)
        }
    }

    @Test func stoppingAPrefetchCancelsItsDownload() async throws {
        try await withHeldPrefetch { server, pipeline, prefetcher, url in
            prefetcher.stopPrefetching(with: [url])
            try await waitUntil("the server to see the connection go") { server.heldConnectionsClosed == 1 }
            #expect(pipeline.inFlightCount == 0)
        }
    }

    @Test func aVisibleRequestJoinsAPrefetchAndRaisesIt() async throws {
        try await withHeldPrefetch { server, pipeline, prefetcher, url in
            let visible = pipeline.task(for: ImageRequest(url: url, priority: .high))
            #expect(pipeline.priority(for: visible.request) == .high)
            prefetcher.stopPrefetching()
            server.release("/p.jpg")
            let shared = try await visible.response
            #expect(shared.source == .network)
            #expect(server.requestCount("/p.jpg") == 1)
        }
    }

    /// A prefetch of /p.jpg whose request the server holds.
    private func withHeldPrefetch(
        _ body: (PipelineHTTPServer, ImagePipeline, ImagePrefetcher, URL) async throws -> Void
    ) async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/p.jpg", imageBytes(2_000))
            server.hold("/p.jpg")
            let pipeline = makePipeline(server)
            let prefetcher = ImagePrefetcher(pipeline: pipeline)
            prefetcher.startPrefetching(with: [url])
            try await waitUntil("the held request") { server.heldCount == 1 }
            try await body(server, pipeline, prefetcher, url)
        }
    }
}
