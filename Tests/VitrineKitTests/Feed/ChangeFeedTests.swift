import Foundation
import Testing
import VitrineAPI
import VitrineKit

@Suite struct ChangeFeedTests {
    static func isReady(_ received: FeedRecorder.Received) -> Bool {
        if case .ready = received.event { return true }
        return false
    }

    @Test func readyFirstThenAnUploadArrivesAsAChange() async throws {
        try await LiveVitrine.with(photos: 2) { server async throws in
            let recorder = FeedRecorder(server.client.changes())
            defer { recorder.cancel() }
            try await recorder.wait { !$0.isEmpty }
            guard case .ready(let start)? = recorder.events.first?.event else {
                Issue.record("the feed starts with ready: \(recorder.events)")
                return
            }
            let uploaded = try await server.client.upload(.file(try server.newPhoto("new.jpg", seed: 40)))
            try await recorder.wait { FeedRecorder.changes(in: $0).contains { $0.id == uploaded.photo.id } }
            let change = try #require(recorder.changes.first { $0.id == uploaded.photo.id })
            #expect(change.seq > start)
            #expect(change.photo?.id == uploaded.photo.id)
            #expect(change.total == 3)
            recorder.cancel()
            try await recorder.finished()
        }
    }

    /// A connection cut mid-stream is resumed from the last seq seen; a change made while the feed is
    /// disconnected arrives on the next connection; none arrives twice.
    @Test func aCutConnectionResumesFromTheLastSeqAndDeliversEachChangeOnce() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let transport = FaultyTransport()
            transport.cutNextBodies(1, afterChunks: 2)
            let feed = server.client(transport: transport)
                .changes(backoff: .init(initial: .seconds(2), maximum: .seconds(4)))
            let recorder = FeedRecorder(feed, transport: transport)
            defer { recorder.cancel() }
            try await recorder.wait { $0.contains(where: Self.isReady) }
            // The reconnection after the cut fails once, leaving a window with no connection at all.
            transport.failNext(1, with: .offline("still down"))

            var ids: [String] = []
            let first = try await server.client.upload(.file(try server.newPhoto("a.jpg", seed: 50)))
            ids.append(first.photo.id)
            try await transport.waitForRequests(2)
            for (name, seed) in [("b.jpg", UInt32(51)), ("c.jpg", UInt32(52))] {
                ids.append(try await server.client.upload(.file(try server.newPhoto(name, seed: seed))).photo.id)
            }
            try await recorder.wait { FeedRecorder.changes(in: $0).count >= 3 }
            recorder.cancel()
            try await recorder.finished()

            let changes = recorder.changes
            #expect(changes.map(\.id) == ids, "each change once, in order")
            #expect(changes.map(\.seq) == changes.map(\.seq).sorted())
            let events = transport.requests.filter { $0.request.url.path.hasSuffix("/api/v1/events") }
            #expect(events.count >= 3, "the cut and the failed attempt each led to a new request")
            #expect(events.first?.query("since") == nil)
            for (index, request) in events.enumerated().dropFirst() {
                let before = recorder.events.last { $0.requestsSoFar <= index }
                let expected: Int64? =
                    switch before?.event {
                    case .ready(let seq), .reset(let seq): seq
                    case .change(let message): message.seq
                    case nil: nil
                    }
                #expect(request.query("since") == expected.map(String.init), "request \(index)")
                #expect(request.request.headers["Last-Event-ID"] == expected.map(String.init))
            }
        }
    }

    @Test func anUnreachableServerIsRetriedWithBackoff() async throws {
        try await Self.expectBackoff(attempts: 4) { transport in
            transport.failNext(2, with: .offline("unreachable"))
            transport.answerNext(1, status: 503)
        }
    }

    @Test func aStreamThatEndsAtOnceIsNotAskedAgainInALoop() async throws {
        try await Self.expectBackoff(attempts: 3) { transport in transport.answerNext(2, status: 200) }
    }

    /// With `faults` injected, the feed reaches the server's `.ready` after `attempts` requests, each
    /// later than the one before by at least the back-off's lower bound.
    static func expectBackoff(attempts expected: Int, faults: @Sendable (FaultyTransport) -> Void) async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let transport = FaultyTransport()
            faults(transport)
            let backoff = ChangeFeed.Backoff(initial: .milliseconds(200), maximum: .seconds(10))
            let recorder = FeedRecorder(
                server.client(transport: transport).changes(backoff: backoff), transport: transport)
            try await recorder.wait { $0.contains(where: Self.isReady) }
            recorder.cancel()
            try await recorder.finished()

            let attempts = transport.requests.map(\.at)
            #expect(attempts.count == expected)
            for index in 1..<attempts.count {
                // The back-off doubles from `initial`, less up to 20 % jitter.
                let lowerBound = backoff.initial * (1 << (index - 1)) * 0.8
                #expect(attempts[index] - attempts[index - 1] >= lowerBound, "gap \(index)")
            }
        }
    }

    @Test func aRefusalEndsTheFeedWithItsErrorInsteadOfRetrying() async throws {
        try await LiveVitrine.with(photos: 1, private: true) { server async throws in
            let transport = FaultyTransport()
            let recorder = FeedRecorder(
                server.client(transport: transport, token: .some(nil)).changes(
                    backoff: .init(initial: .milliseconds(10))),
                transport: transport)
            try await recorder.finished()
            guard case .failure(let error)? = recorder.end, case .http(401, "unauthorized", _)? = error as? VitrineError
            else {
                Issue.record("expected a 401: \(String(describing: recorder.end))")
                return
            }
            #expect(transport.requests.count == 1)
            #expect(recorder.events.isEmpty)
        }
    }

    @Test func cancellingTheConsumerEndsTheFeedWhileStreaming() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let recorder = FeedRecorder(server.client.changes())
            try await recorder.wait { $0.contains(where: Self.isReady) }
            recorder.cancel()
            try await recorder.finished()
            #expect(recorder.end != nil)
        }
    }

    @Test func cancellingTheConsumerEndsTheFeedWhileWaitingToReconnect() async throws {
        let transport = FaultyTransport()
        transport.failNext(1, with: .offline("down"))
        let client = VitrineClient(baseURL: URL(string: "http://127.0.0.1:9/")!, transport: transport)
        let recorder = FeedRecorder(client.changes(backoff: .init(initial: .seconds(600))), transport: transport)
        try await transport.waitForRequests(1)
        recorder.cancel()
        try await recorder.finished()
        guard case .success? = recorder.end else {
            Issue.record("a cancelled feed ends quietly: \(String(describing: recorder.end))")
            return
        }
        #expect(transport.requests.count == 1)
    }
}
