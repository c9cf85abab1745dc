import Synchronization

/// Counts open event streams per client address and in all, so one client (or many) cannot hold every
/// connection and task the server has: past `perClient` a client gets 429, past `total` everyone gets 503.
final class EventStreamLimiter: Sendable {
    let perClient: Int
    let total: Int
    /// Streams last long; a client that hit the limit should wait for one of its own to end.
    static let retryAfterSeconds = 10

    private struct State {
        var byClient: [String: Int] = [:]
        var open = 0
    }

    private let state = Mutex(State())

    init(perClient: Int, total: Int) {
        self.perClient = perClient
        self.total = total
    }

    /// A place for one more stream from `client`, held until the returned ticket is released or dropped.
    func admit(_ client: String) throws -> Ticket {
        let refusal = state.withLock { state -> APIError? in
            let mine = state.byClient[client, default: 0]
            if mine >= perClient {
                return .tooManyRequests(
                    "at most \(perClient) event streams per client", retryAfter: Self.retryAfterSeconds)
            }
            if state.open >= total {
                return .busy("too many event streams are open", retryAfter: Self.retryAfterSeconds)
            }
            state.byClient[client] = mine + 1
            state.open += 1
            return nil
        }
        if let refusal { throw refusal }
        return Ticket(limiter: self, client: client)
    }

    var openCount: Int { state.withLock { $0.open } }

    fileprivate func release(_ client: String) {
        state.withLock { state in
            state.open -= 1
            let mine = state.byClient[client, default: 1] - 1
            state.byClient[client] = mine > 0 ? mine : nil
        }
    }

    /// One open stream. It gives its place back when the stream's body ends, or when the response is dropped
    /// without its body ever running (the client left before the head was written).
    final class Ticket: Sendable {
        private let limiter: EventStreamLimiter
        private let client: String
        private let released = Atomic(false)

        fileprivate init(limiter: EventStreamLimiter, client: String) {
            self.limiter = limiter
            self.client = client
        }

        func release() {
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            limiter.release(client)
        }

        deinit { release() }
    }
}
