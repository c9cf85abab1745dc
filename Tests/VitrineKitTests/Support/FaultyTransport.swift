import Foundation
import VitrineKit

/// An `HTTPTransport` that wraps a real one and injects failures on demand: the next sends fail with a
/// given error or answer a given status, every send waits a delay first, or the next response bodies are
/// cut after some chunks. It logs every request it is asked to send, with the time it was asked.
final class FaultyTransport: HTTPTransport, @unchecked Sendable {
    struct Logged: Sendable {
        var request: TransportRequest
        var at: ContinuousClock.Instant
        /// The query item `name`'s value, if any.
        func query(_ name: String) -> String? {
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?
                .value
        }
    }

    private enum Fault {
        case error(VitrineError)
        case answer(status: Int, body: Data)
    }

    let base: any HTTPTransport
    private let lock = NSLock()
    private var faults: [Fault] = []
    private var cuts: [Int] = []
    private var delay: Duration = .zero
    private var log: [Logged] = []

    init(base: any HTTPTransport = AsyncHTTPClientTransport.shared) {
        self.base = base
    }

    /// The next `count` sends fail with `error` without reaching the server.
    func failNext(_ count: Int, with error: VitrineError) {
        lock.withLock { faults += Array(repeating: .error(error), count: count) }
    }

    /// The next `count` sends answer `status` with `body` without reaching the server.
    func answerNext(_ count: Int, status: Int, body: String = "") {
        lock.withLock { faults += Array(repeating: .answer(status: status, body: Data(body.utf8)), count: count) }
    }

    /// The bodies of the next `count` responses end with `VitrineError.offline` after `chunks` chunks.
    func cutNextBodies(_ count: Int, afterChunks chunks: Int) {
        lock.withLock { cuts += Array(repeating: chunks, count: count) }
    }

    /// Every later send waits `delay` before it starts.
    func delayEverySend(by delay: Duration) {
        lock.withLock { self.delay = delay }
    }

    /// The requests asked for so far, oldest first.
    var requests: [Logged] { lock.withLock { log } }

    /// Returns once `count` requests have been asked for, polling; throws after `limit`.
    func waitForRequests(_ count: Int, limit: Duration = .seconds(90)) async throws {
        let deadline = ContinuousClock.now + limit
        while requests.count < count {
            guard ContinuousClock.now < deadline else { throw FaultyTransportError.notAsked(count) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)?
    ) async throws -> TransportResponse {
        let (fault, delay) = lock.withLock {
            log.append(Logged(request: request, at: .now))
            return (faults.isEmpty ? nil : faults.removeFirst(), self.delay)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        switch fault {
        case .error(let error): throw error
        case .answer(let status, let body):
            return TransportResponse(status: status, headers: [:], body: TransportBody(data: body))
        case nil: break
        }
        var response = try await base.send(request, uploadProgress: uploadProgress)
        if let chunks = lock.withLock({ cuts.isEmpty ? nil : cuts.removeFirst() }) {
            response.body = Self.cut(response.body, afterChunks: chunks)
        }
        return response
    }

    private static func cut(_ body: TransportBody, afterChunks limit: Int) -> TransportBody {
        TransportBody {
            let counter = ChunkCounter(body.makeAsyncIterator())
            return { try await counter.next(limit: limit) }
        }
    }
}

/// Passes a body's chunks on until a limit, then fails as a dropped connection does.
private final class ChunkCounter: @unchecked Sendable {
    var iterator: TransportBody.AsyncIterator
    var passed = 0

    init(_ iterator: TransportBody.AsyncIterator) { self.iterator = iterator }

    func next(limit: Int) async throws -> Data? {
        guard passed < limit else { throw VitrineError.offline("connection cut by FaultyTransport") }
        passed += 1
        return try await iterator.next()
    }
}

enum FaultyTransportError: Error {
    case notAsked(Int)
}
