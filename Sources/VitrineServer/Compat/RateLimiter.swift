/// Fixed-window request counting per API key, as Pixabay announces it: `limit` requests per window, the
/// window starting at a key's first request after the previous one ended.
///
/// In memory: limits reset when the server restarts, which is what a per-minute limit can afford.
actor RateLimiter {
    struct Decision: Sendable, Equatable {
        var allowed: Bool
        var limit: Int
        var remaining: Int
        /// Whole seconds until the window ends.
        var resetSeconds: Int
    }

    let limit: Int
    let window: Double
    let now: @Sendable () -> Double
    private var windows: [Int64: (start: Double, count: Int)] = [:]

    init(limit: Int, windowSeconds: Int, now: @escaping @Sendable () -> Double) {
        self.limit = max(1, limit)
        self.window = Double(max(1, windowSeconds))
        self.now = now
    }

    /// Counts one request for `key` unless it is over the limit.
    func check(_ key: Int64) -> Decision {
        let time = now()
        if windows.count > 10_000 { windows = windows.filter { time - $0.value.start < window } }
        var entry = windows[key] ?? (start: time, count: 0)
        if time - entry.start >= window || time < entry.start { entry = (start: time, count: 0) }
        let allowed = entry.count < limit
        if allowed { entry.count += 1 }
        windows[key] = entry
        let reset = Int((entry.start + window - time).rounded(.up))
        return Decision(allowed: allowed, limit: limit, remaining: limit - entry.count, resetSeconds: max(0, reset))
    }
}
