import Foundation
import Testing

@testable import VitrineKit

@Suite struct PipelineCoalescingTests {
    @Test func concurrentRequestsForOneURLMakeOneNetworkRequest() async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(30_000)
            let url = server.serve("/a.jpg", body)
            server.hold("/a.jpg")
            let pipeline = makePipeline(server)
            let request = ImageRequest(url: url)
            let results = try await withThrowingTaskGroup(of: ImageResponse.self) { group in
                for _ in 0..<20 { group.addTask { try await pipeline.image(for: request) } }
                try await waitUntil("20 requesters on one download") {
                    server.heldCount == 1 && pipeline.requesterCount(for: request) == 20
                }
                server.release("/a.jpg")
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 20)
            #expect(results.allSatisfy { $0.container.data == body && $0.source == .network })
            #expect(server.requestCount("/a.jpg") == 1)
            let again = try await pipeline.image(for: request)
            #expect(again.source == .memory)
            #expect(server.requestCount("/a.jpg") == 1)
        }
    }

    @Test func oneOfTwoCancellingLeavesTheDownloadToTheOther() async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(20_000, seed: 1)
            let url = server.serve("/b.jpg", body)
            server.hold("/b.jpg")
            let pipeline = makePipeline(server)
            let first = pipeline.task(for: ImageRequest(url: url))
            let second = pipeline.task(for: ImageRequest(url: url))
            try await waitUntil("the held request") { server.heldCount == 1 }
            first.cancel()
            server.release("/b.jpg")
            let remaining = try await second.response
            #expect(remaining.container.data == body)
            #expect(await isCancelled(first))
            #expect(server.requestCount("/b.jpg") == 1)
            #expect(server.heldConnectionsClosed == 0)
        }
    }

    @Test func theSoleRequesterCancellingStopsTheDownload() async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/c.jpg", imageBytes(20_000, seed: 2))
            server.hold("/c.jpg")
            let pipeline = makePipeline(server)
            let task = pipeline.task(for: ImageRequest(url: url))
            try await waitUntil("the held request") { server.heldCount == 1 }
            task.cancel()
            try await waitUntil("the server to see the connection go") { server.heldConnectionsClosed == 1 }
            #expect(await isCancelled(task))
            #expect(pipeline.inFlightCount == 0)
            #expect(pipeline.cachedImage(for: ImageRequest(url: url)) == nil)
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/d.jpg", imageBytes(1_000))
            server.hold("/d.jpg")
            let pipeline = makePipeline(server)
            let waiter = Task { try await pipeline.image(for: ImageRequest(url: url)) }
            try await waitUntil("the held request") { server.heldCount == 1 }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            try await waitUntil("the server to see the connection go") { server.heldConnectionsClosed == 1 }
        }
    }
}
