/// Failed-credential counts per client address, kept in the catalog so that a guesser gains nothing by
/// spreading attempts over several servers.
///
/// Windows are fixed: the first failure of a key opens one of `windowSeconds`, and failures count into it
/// until it ends. Times are Unix seconds, passed in so that tests can move the clock.
public protocol ThrottleCounters: Sendable {
    /// Counts one failure of `key` (a client address) at `now`. A `repeatKey` (a digest of a stale cookie)
    /// counts once per window however often it fails. Returns the window after the count.
    @discardableResult
    func recordFailure(
        key: String, repeatKey: String?, now: Int64, windowSeconds: Int64
    ) async throws
        -> ThrottleWindow
    /// Takes back one failure counted into `key`'s window that opened at `start`: an attempt counted before its
    /// credential was checked, which turned out right. Nothing when that window has ended or holds none.
    func forgiveFailure(key: String, start: Int64) async throws
    /// The window of `key` open at `now`, nil when there is none.
    func throttleWindow(key: String, now: Int64, windowSeconds: Int64) async throws -> ThrottleWindow?
    /// Forgets windows that ended before `now` (housekeeping; the reads above already ignore them).
    func pruneThrottleWindows(now: Int64, windowSeconds: Int64) async throws
}

/// One key's failures within one window.
public struct ThrottleWindow: Sendable, Equatable {
    /// When the window opened (Unix seconds).
    public var start: Int64
    /// Failures counted in it, never negative.
    public var failures: Int

    /// A row is trusted to be well-formed, not to be in range: a negative count reads as none, so the
    /// arithmetic on it (a limit minus the count) cannot overflow.
    public init(start: Int64, failures: Int) {
        self.start = start
        self.failures = max(0, failures)
    }
}
