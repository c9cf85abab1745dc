import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Scheduling
import ServerTestSupport
import Synchronization
import Testing
import VitrineAPI

@testable import VitrineServer

/// Blocking work and sized renders run on bounded pools with bounded queues; past them, 503 `busy`.
@Suite struct PoolLimitTests {
    @Test func anExecutorRunsAtMostItsWidthAndRefusesPastItsQueue() async throws {
        let executor = BoundedExecutor(label: "test", width: 2, queueLimit: 3, refusal: "full")
        let plug = try await PoolPlug(executor, queued: 3)
        #expect(executor.running == 2 && executor.waiting == 3)
        await #expect(throws: BusyError(message: "full", retryAfterSeconds: 1)) { try await executor.run { 1 } }
        try await plug.release()
        #expect(executor.peakRunning == 2)
        #expect(try await executor.run { 42 } == 42)

        // Waiting jobs run in the order they came.
        let order = Recorder()
        let serial = BoundedExecutor(label: "serial", width: 1, queueLimit: 100, refusal: "full")
        let held = try await PoolPlug(serial)
        // Tasks start in no set order, so each job is queued before the next is started.
        var jobs: [Task<Void, any Error>] = []
        for index in 0..<20 {
            jobs.append(Task { try await serial.run { order.values.withLock { $0.append(index) } } })
            for _ in 0..<2000 where serial.waiting <= index { try await Task.sleep(for: .milliseconds(5)) }
            #expect(serial.waiting == index + 1)
        }
        try await held.release()
        for job in jobs { try await job.value }
        #expect(order.values.withLock { $0 } == Array(0..<20))
    }

    @Test func aFullBlockingQueueAnswers503WithRetryAfter() async throws {
        let fixture = try await ServerFixture(photos: 1)
        var limits = Limits()
        limits.blockingThreads = 1
        limits.blockingQueue = 1
        let resources = ServerResources(limits)
        try await fixture.makeLimitedApp(resources).test(.router) { client in
            try await client.execute(uri: "/api/v1/photos", method: .get) { #expect($0.status == .ok) }
            let plug = try await PoolPlug(resources.blocking, queued: 1)
            // Another page than the one just kept (`CachedAnswers`), so the catalog must be read.
            try await client.execute(uri: "/api/v1/photos?limit=7", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .serviceUnavailable)
                #expect(try response.errorCode() == "busy")
                #expect(response.headers[.retryAfter] == "1")
            }
            // Routes that need no blocking work still answer.
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await plug.release()
            try await client.execute(uri: "/api/v1/photos", method: .get) { #expect($0.status == .ok) }
        }
        #expect(resources.blocking.peakRunning == 1)
    }

    @Test func sizedRendersRunOnABoundedPoolAndAFullQueueAnswers503() async throws {
        let fixture = try await ServerFixture(photos: 3)
        var limits = Limits()
        limits.renderThreads = 2
        limits.renderQueue = 16
        let resources = ServerResources(limits)
        try await fixture.makeLimitedApp(resources).test(.live) { client in
            // Nine different renders asked for at once: all made, never more than two at a time.
            let uris = fixture.ids.flatMap { id in [150, 640, 1280].map { "/api/v1/photos/\(id)/sized/\($0).jpg" } }
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for uri in uris { group.addTask { try await client.execute(uri: uri, method: .get) { $0.status } } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok })
            #expect(resources.renders.peakRunning <= 2)
        }

        let other = try await ServerFixture(photos: 1)
        var tight = Limits()
        tight.renderThreads = 1
        tight.renderQueue = 0
        let full = ServerResources(tight)
        try await other.makeLimitedApp(full).test(.router) { client in
            let uri = "/api/v1/photos/\(other.ids[0])/sized/640.jpg"
            let plug = try await PoolPlug(full.renders)
            try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .serviceUnavailable)
                #expect(try response.errorCode() == "busy")
                #expect(response.headers[.retryAfter] == "2")
            }
            try await plug.release()
            try await client.execute(uri: uri, method: .get) { #expect($0.status == .ok) }
            // Once stored, the size is read back without a render, even with the pool full.
            let again = try await PoolPlug(full.renders)
            try await client.execute(uri: uri, method: .get) { #expect($0.status == .ok) }
            try await again.release()
        }
    }

    @Test func relevancePagesStopAtTheConfiguredDepth() async throws {
        let fixture = try await ServerFixture(photos: 3)
        var limits = Limits()
        limits.relevanceDepth = 2
        try await fixture.makeLimitedApp(ServerResources(limits)).test(.router) { client in
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/photos?order=relevance&limit=1" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { try $0.decode(PhotoPage.self) }
                #expect(page.total == 3)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 10
            #expect(seen.count == 2, "the pages end at the depth")
            let wide = try await client.execute(uri: "/api/v1/photos?order=relevance&limit=50", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(wide.items.count == 2 && wide.nextCursor == nil)

            for offset in [2, 999_999] {
                let deep = RelevanceCursor(offset: offset).encoded
                try await client.execute(uri: "/api/v1/photos?order=relevance&cursor=\(deep)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest)
                    #expect(try response.errorCode() == "bad_cursor")
                }
            }
        }
    }
}

final class Recorder: Sendable {
    let values = Mutex<[Int]>([])
}
