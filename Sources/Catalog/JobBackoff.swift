/// How long a failed attempt waits before the next: `base` doubled per attempt already made, never more
/// than `cap`. Saturating throughout, since the attempt count and the clock come from catalog rows.
public struct JobBackoff: Sendable, Equatable {
    /// Delay after the first failed attempt (milliseconds).
    public var base: Int64
    /// Longest delay (milliseconds).
    public var cap: Int64

    public init(base: Int64, cap: Int64) {
        self.base = max(0, base)
        self.cap = max(0, cap)
    }

    /// One second, doubling to at most ten minutes.
    public static let standard = JobBackoff(base: 1000, cap: 600_000)

    /// The delay after attempt number `attempt` (1 for the first) failed.
    public func delay(afterAttempt attempt: Int) -> Int64 {
        let doublings = attempt <= 1 ? 0 : min(attempt - 1, 62)
        let (delay, overflow) = base.multipliedReportingOverflow(by: Int64(1) << Int64(doublings))
        return overflow ? cap : min(delay, cap)
    }

    /// When the next attempt may start, failing at `now` after `attempt`.
    public func retryTime(afterAttempt attempt: Int, now: Int64) -> Int64 {
        JobClock.adding(delay(afterAttempt: attempt), to: now)
    }
}

/// Lease and retry times from a clock reading and a duration, saturating at `Int64.max`.
public enum JobClock {
    public static func adding(_ milliseconds: Int64, to now: Int64) -> Int64 {
        let (sum, overflow) = now.addingReportingOverflow(max(0, milliseconds))
        return overflow ? Int64.max : sum
    }
}
