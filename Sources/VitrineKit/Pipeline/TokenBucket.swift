import Synchronization

/// A token-bucket rate limiter: `burst` starts at once, then one more every `1 / rate` seconds.
///
/// Each caller takes a token, borrowing against the future when the bucket is empty, and sleeps until
/// its token would have arrived; so waiters are served in order and never spin.
public final class TokenBucket: Sendable {
    public let rate: Double
    public let burst: Int

    private struct State {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }
    private let state: Mutex<State>

    /// `rate` tokens per second (finite, > 0), at most `burst` (≥ 1) saved up.
    public init(rate: Double, burst: Int) {
        precondition(rate.isFinite && rate > 0 && burst >= 1, "TokenBucket needs a positive rate and burst")
        self.rate = rate
        self.burst = burst
        state = Mutex(State(tokens: Double(burst), updated: .now))
    }

    /// Returns once the caller may start; throws `CancellationError` if cancelled while waiting.
    public func acquire() async throws {
        let wait: Double = state.withLock { state in
            let now = ContinuousClock.now
            let elapsed = (now - state.updated) / .seconds(1)
            state.tokens = min(Double(burst), state.tokens + elapsed * rate)
            state.updated = now
            state.tokens -= 1
            return state.tokens >= 0 ? 0 : -state.tokens / rate
        }
        guard wait > 0 else { return }
        do {
            try await Task.sleep(for: .seconds(wait))
        } catch {
            // The token was not used: give it back.
            state.withLock { $0.tokens = min(Double(burst), $0.tokens + 1) }
            throw error
        }
    }
}
