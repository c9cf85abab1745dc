import Foundation
import Testing

@testable import VitrineKit

@Suite struct PipelinePriorityTests {
    @Test func raisingAPriorityReordersQueuedWork() async throws {
        let order = try await serverOrder { pipeline, a, b in
            let tasks = [
                pipeline.task(for: ImageRequest(url: a, priority: .low)),
                pipeline.task(for: ImageRequest(url: b, priority: .low)),
            ]
            return (tasks, { tasks[1].priority = .high })
        }
        #expect(order == ["/first.jpg", "/b.jpg", "/a.jpg"])
    }

    @Test func withoutAChangeQueuedWorkStartsInOrder() async throws {
        let order = try await serverOrder { pipeline, a, b in
            let tasks = [
                pipeline.task(for: ImageRequest(url: a, priority: .low)),
                pipeline.task(for: ImageRequest(url: b, priority: .low)),
            ]
            return (tasks, {})
        }
        #expect(order == ["/first.jpg", "/a.jpg", "/b.jpg"])
    }

    @Test func aSharedDownloadRunsAtItsHighestRequestersPriority() async throws {
        let order = try await serverOrder { pipeline, a, b in
            let highB = pipeline.task(for: ImageRequest(url: b, priority: .veryHigh))
            let tasks = [
                pipeline.task(for: ImageRequest(url: a, priority: .normal)),
                pipeline.task(for: ImageRequest(url: b, priority: .low)),
            ]
            // The high requester leaves: B falls back to low, behind A.
            return (tasks, { highB.cancel() })
        }
        #expect(order == ["/first.jpg", "/a.jpg", "/b.jpg"])
    }

    /// The paths the server saw when one download slot is taken by a held request, `queue` makes the
    /// tasks for /a.jpg and /b.jpg that wait for it, and its second result runs while they wait.
    private func serverOrder(
        _ queue: @escaping @Sendable (ImagePipeline, URL, URL) -> ([ImageTask], @Sendable () -> Void)
    ) async throws -> [String] {
        try await PipelineHTTPServer.with { server in
            let first = server.serve("/first.jpg", imageBytes(1_000))
            let a = server.serve("/a.jpg", imageBytes(1_000, seed: 1))
            let b = server.serve("/b.jpg", imageBytes(1_000, seed: 2))
            server.hold("/first.jpg")
            let pipeline = makePipeline(server) { $0.maximumConcurrentDownloads = 1 }
            let running = pipeline.task(for: ImageRequest(url: first))
            try await waitUntil("the first request held") { server.heldCount == 1 }
            let (tasks, adjust) = queue(pipeline, a, b)
            try await waitUntil("A and B queued") { pipeline.queue.waitingCount == 2 }
            adjust()
            server.release("/first.jpg")
            _ = try await running.response
            for task in tasks { _ = try await task.response }
            return server.allRequests.map(\.path)
        }
    }
}
