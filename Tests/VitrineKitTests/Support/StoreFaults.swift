import Foundation
import Synchronization
import VitrineKit

/// An `HTTPTransport` over the real `AsyncHTTPClientTransport.shared` that records every request it sees
/// and fails or holds the ones a test chooses, so the store's paging meets failures on demand while the
/// rest of the exchange stays real.
final class StoreFaults: HTTPTransport, Sendable {
    /// What happens to a chosen request instead of reaching the server.
    enum Fault: Sendable {
        /// The transport throws this error (`.offline`, `.timeout`).
        case error(VitrineError)
        /// The server seems to answer with this status and a JSON error body.
        case status(Int)
    }

    struct Seen: Sendable {
        var method: String
        var url: URL
    }

    private struct State {
        var seen: [Seen] = []
        /// Faults for the next matching requests, in order.
        var faults: [Fault] = []
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let base: any HTTPTransport
    /// Which requests faults and holds apply to (all of them are recorded).
    private let chosen: @Sendable (TransportRequest) -> Bool
    private let state = Mutex(State())

    init(
        base: any HTTPTransport = AsyncHTTPClientTransport.shared,
        chosen: @escaping @Sendable (TransportRequest) -> Bool = StoreFaults.isPageRequest
    ) {
        self.base = base
        self.chosen = chosen
    }

    /// `GET /api/v1/photos`: a page of the gallery.
    @Sendable static func isPageRequest(_ request: TransportRequest) -> Bool {
        request.method == "GET" && request.url.path.hasSuffix("/api/v1/photos")
    }

    /// Every request seen so far, in order.
    var requests: [Seen] { state.withLock { $0.seen } }

    /// The page requests seen so far.
    var pageRequests: [Seen] {
        requests.filter { StoreFaults.isPageRequest(TransportRequest(method: $0.method, url: $0.url)) }
    }

    /// The next `count` chosen requests fail with `fault`.
    func fail(next count: Int, with fault: Fault) {
        state.withLock { $0.faults += Array(repeating: fault, count: count) }
    }

    /// Chosen requests wait, after being recorded, until `release()`.
    func hold() { state.withLock { $0.holding = true } }

    func release() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)?
    ) async throws -> TransportResponse {
        let isChosen = chosen(request)
        let fault: Fault? = state.withLock { state in
            state.seen.append(Seen(method: request.method, url: request.url))
            return isChosen && !state.faults.isEmpty ? state.faults.removeFirst() : nil
        }
        if isChosen {
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state in
                    if state.holding { state.held.append(continuation) }
                    return state.holding
                }
                if !waits { continuation.resume() }
            }
        }
        switch fault {
        case .error(let error)?:
            throw error
        case .status(let status)?:
            let body = #"{"error":{"code":"unavailable","message":"injected by StoreFaults"}}"#
            return TransportResponse(
                status: status, headers: ["content-type": "application/json"],
                body: TransportBody(data: Data(body.utf8)))
        case nil:
            return try await base.send(request, uploadProgress: uploadProgress)
        }
    }
}
