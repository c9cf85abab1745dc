import Foundation
import Synchronization
import Testing

@testable import VitrineKit

/// `send(_:into:)`: AsyncHTTPClient's sink path (bytes handed over on the event loop) and the streamed
/// path every other transport uses, against a real HTTP server on loopback.
@Suite struct TransportSinkTests {
    /// Keeps what a transport hands it; throws `StopError` once `stopAfter` bytes arrived, when set.
    final class Recorder: TransportSink {
        struct StopError: Error {}
        struct Seen {
            var status: Int?
            var headers: [String: String] = [:]
            var bytes = Data()
            var calls = 0
        }
        let seen = Mutex(Seen())
        let stopAfter: Int?

        init(stopAfter: Int? = nil) { self.stopAfter = stopAfter }

        func head(status: Int, headers: [String: String]) throws {
            seen.withLock {
                $0.status = status
                $0.headers = headers
            }
        }

        func body(_ bytes: UnsafeRawBufferPointer) throws {
            let total = seen.withLock {
                $0.bytes.append(contentsOf: bytes)
                $0.calls += 1
                return $0.bytes.count
            }
            if let stopAfter, total >= stopAfter { throw StopError() }
        }

        var value: Seen { seen.withLock { $0 } }
    }

    /// The two ways a transport can feed a sink.
    enum Path: String, CaseIterable, Sendable {
        case eventLoop, streamed

        func send(_ request: TransportRequest, into sink: some TransportSink) async throws {
            let transport = AsyncHTTPClientTransport.shared
            switch self {
            case .eventLoop: try await transport.send(request, into: sink)
            case .streamed: try await transport.streamedSend(request, into: sink)
            }
        }
    }

    @Test(arguments: Path.allCases) func theSinkGetsTheHeadThenEveryByteInOrder(_ path: Path) async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(3_000_000, seed: 4)
            let url = server.serve("/big.bin", body)
            let recorder = Recorder()
            try await path.send(TransportRequest(url: url), into: recorder)
            let seen = recorder.value
            #expect(seen.status == 200)
            #expect(seen.headers["content-length"] == "3000000")
            #expect(seen.bytes == body)
            #expect(seen.calls > 1)
        }
    }

    @Test(arguments: Path.allCases) func aDroppedConnectionFailsAndARangeFinishesIt(_ path: Path) async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(400_000, seed: 6)
            let url = server.serve("/r.bin", body)
            server.dropConnection("/r.bin", after: 150_000)
            let first = Recorder()
            await #expect(throws: VitrineError.self) { try await path.send(TransportRequest(url: url), into: first) }
            let kept = first.value.bytes
            #expect(kept.count <= 150_000 && body.starts(with: kept))

            let second = Recorder()
            let resume = TransportRequest(url: url, headers: ["Range": "bytes=\(kept.count)-"])
            try await path.send(resume, into: second)
            #expect(second.value.status == 206)
            #expect(second.value.headers["content-range"] == "bytes \(kept.count)-399999/400000")
            #expect(kept + second.value.bytes == body)
        }
    }

    @Test(arguments: Path.allCases) func aSinkThatThrowsEndsTheExchangeWithItsOwnError(_ path: Path) async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/big.bin", imageBytes(3_000_000, seed: 5))
            let recorder = Recorder(stopAfter: 1)
            await #expect(throws: Recorder.StopError.self) {
                try await path.send(TransportRequest(url: url), into: recorder)
            }
            #expect(recorder.value.bytes.count < 3_000_000)
        }
    }

    @Test(arguments: Path.allCases) func aHeldResponseTimesOutAndACancelledOneEndsAtOnce(_ path: Path) async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/held.bin", imageBytes(1000, seed: 7))
            server.hold("/held.bin")
            let started = ContinuousClock.now
            let error = await #expect(throws: VitrineError.self) {
                try await path.send(TransportRequest(url: url, timeout: .milliseconds(400)), into: Recorder())
            }
            #expect(error == .timeout)
            #expect(ContinuousClock.now - started >= .milliseconds(400))

            let task = Task { try await path.send(TransportRequest(url: url), into: Recorder()) }
            try await Task.sleep(for: .milliseconds(200))
            let cancelledAt = ContinuousClock.now
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            // Well before the request's 30 s timeout. A CI run once saw 5.01 s here on the streamed path;
            // the bound tells a cancellation from a timeout, not how quickly AsyncHTTPClient lets go.
            #expect(ContinuousClock.now - cancelledAt < .seconds(10))
            server.release("/held.bin")
        }
    }

    @Test func anErrorStatusNeverReachesTheSinkAndCarriesTheServersCode() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let recorder = Recorder()
            let error = await #expect(throws: VitrineError.self) {
                try await server.client.download("/api/v1/photos/" + String(server.ids[0].reversed()), into: recorder)
            }
            guard case .http(404, "not_found", _)? = error else {
                Issue.record("expected 404 not_found: \(String(describing: error))")
                return
            }
            #expect(recorder.value.status == nil && recorder.value.bytes.isEmpty)
        }
    }
}
