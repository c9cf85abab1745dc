import Synchronization

/// Counts what is open at once (event streams, uploads through share links) per client address and in all,
/// so one client (or many) cannot hold every connection, task and temporary file the server has: past
/// `perClient` a client gets 429, past `total` everyone gets 503, both with `Retry-After`.
final class ConcurrencyLimiter: Sendable {
    let perClient: Int
    let total: Int
    /// What is counted, plural, for the refusals' messages.
    let noun: String
    /// How long a refused client should wait: about as long as one of its own takes to end.
    let retryAfterSeconds: Int

    private struct State {
        var byClient: [String: Int] = [:]
        var open = 0
    }

    private let state = Mutex(State())

    init(perClient: Int, total: Int, noun: String, retryAfterSeconds: Int) {
        self.perClient = perClient
        self.total = total
        self.noun = noun
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// A place for one more from `client`, held until the returned ticket is released or dropped.
    func admit(_ client: String) throws -> Ticket {
        let refusal = state.withLock { state -> APIError? in
            let mine = state.byClient[client, default: 0]
            if mine >= perClient {
                return .tooManyRequests("at most \(perClient) \(noun) per client", retryAfter: retryAfterSeconds)
            }
            if state.open >= total {
                return .busy("too many \(noun) at once", retryAfter: retryAfterSeconds)
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

    /// One place. It is given back when released (an event stream's body ends), or when dropped (a response
    /// dropped without its body ever running, because the client left before the head was written).
    final class Ticket: Sendable {
        private let limiter: ConcurrencyLimiter
        private let client: String
        private let released = Atomic(false)

        fileprivate init(limiter: ConcurrencyLimiter, client: String) {
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
