import Access
import Catalog

/// Fixed-window request counting per API key, as Pixabay announces it: `limit` requests per window, the
/// window starting at a key's first request after the previous one ended.
///
/// Counted in the catalog (`ThrottleCounters`, under `api-key:<id>`), so the servers of a cluster share
/// each key's window and a client gains nothing by reaching several of them.
struct RateLimiter: Sendable {
    struct Decision: Sendable, Equatable {
        var allowed: Bool
        var limit: Int
        var remaining: Int
        /// Whole seconds until the window ends.
        var resetSeconds: Int
    }

    let counters: any ThrottleCounters
    let limit: Int
    let window: Int64
    let now: @Sendable () -> Double

    init(counters: any ThrottleCounters, limit: Int, windowSeconds: Int, now: @escaping @Sendable () -> Double) {
        self.counters = counters
        self.limit = max(1, limit)
        self.window = Int64(max(1, windowSeconds))
        self.now = now
    }

    /// Counts one request for `key`; allowed while the window's count is within the limit.
    func check(_ key: Int64) async throws -> Decision {
        let time = ThrottleClock.seconds(now())
        let counted = try await counters.recordFailure(
            key: "api-key:\(key)", repeatKey: nil, now: time, windowSeconds: window)
        return Decision(
            allowed: counted.failures <= limit, limit: limit, remaining: max(0, limit - counted.failures),
            resetSeconds: counted.secondsLeft(length: window, now: time))
    }
}
