import Catalog
import Foundation
import Logging
import Synchronization

/// Failed credentials per client address: wrong admin tokens, unknown session cookies, unknown API keys.
///
/// After `limit` failures within `windowSeconds`, every request from that address that carries a
/// credential is answered 429 until the window ends, without the credential being checked, so a guesser
/// learns nothing more. Each failure is logged with its address. A cookie that keeps failing (a browser
/// still holding a session that was ended) counts once per window, not once per image it loads.
///
/// The windows live in the catalog (`ThrottleCounters`), so every server of a cluster counts into the same
/// ones: spreading guesses over servers gains nothing.
public final class AuthThrottle: Sendable {
    let counters: any ThrottleCounters
    public let limit: Int
    public let windowSeconds: Int64
    private let clock: @Sendable () -> Double
    /// How long a window is kept when pruning: the longest window anyone counts into these counters (the
    /// Pixabay keys' too), so a prune never cuts another counter's live window short.
    let retentionSeconds: Int64
    /// When this server last forgot ended windows (Unix seconds); it does so at most once per window.
    private let lastPrune = Mutex<Int64>(0)
    /// What the windows count (the catalog's keys are `scope:address`): the admin's and visitors'
    /// credentials in one, the Pixabay route's API keys in another, so that keys guessed through a page
    /// elsewhere (an image pointing at `/api/?key=…` needs no permission) cannot lock the owner out.
    let scope: String

    public init(
        counters: any ThrottleCounters, limit: Int = 10, windowSeconds: Int64 = 60, retentionSeconds: Int64 = 0,
        scope: String = "auth", clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.counters = counters
        self.scope = scope
        self.limit = limit
        self.windowSeconds = max(1, windowSeconds)
        self.retentionSeconds = max(self.windowSeconds, retentionSeconds)
        self.clock = clock
    }

    private var now: Int64 { ThrottleClock.seconds(clock()) }

    /// The catalog's key for an address's window.
    private func key(_ address: String) -> String { scope + ":" + address }

    /// The address's open window, nil when it has none.
    public func window(_ address: String) async throws -> ThrottleWindow? {
        try await counters.throttleWindow(key: key(address), now: now, windowSeconds: windowSeconds)
    }

    /// Seconds until an address with this window may present a credential again, or nil when it may now.
    public func retryAfter(_ window: ThrottleWindow?) -> Int? {
        guard let window, window.failures >= limit else { return nil }
        return max(1, window.secondsLeft(length: windowSeconds, now: now))
    }

    /// Counts an attempt of `address` before its credential is checked, and returns the window after the count
    /// (`isPastLimit` says whether the attempt may go on). A check made first lets through every attempt sent
    /// at once, each passing before any has failed: a link's password comes in a body its sender can hold back,
    /// and is checked slowly. Counted first, `limit` get through at most. A right credential gives its attempt
    /// back (`forgive`).
    public func counted(_ address: String, logger: Logger) async throws -> ThrottleWindow {
        let now = self.now
        let window = try await counters.recordFailure(
            key: key(address), repeatKey: nil, now: now, windowSeconds: windowSeconds)
        await pruneIfDue(now: now, logger: logger)
        return window
    }

    /// Seconds until the window a counted attempt (`counted`) fell in ends, when that attempt was past the
    /// limit; nil when it may go on.
    public func retryAfter(counted window: ThrottleWindow) -> Int? {
        guard window.failures > limit else { return nil }
        return max(1, window.secondsLeft(length: windowSeconds, now: now))
    }

    /// Takes back an attempt `counted` counted, whose credential was right.
    public func forgive(_ address: String, window: ThrottleWindow) async throws {
        try await counters.forgiveFailure(key: key(address), start: window.start)
    }

    /// Counts one failure; `cookie` (a digest of it) makes repeats of one stale cookie count once. `seen` is
    /// the window `check` returned, which tells a counted failure (logged) from a repeat (not logged).
    public func failed(
        _ address: String, kind: String, cookie: String? = nil, seen: ThrottleWindow?, path: String, logger: Logger
    ) async throws {
        let now = self.now
        let window = try await counters.recordFailure(
            key: key(address), repeatKey: cookie, now: now, windowSeconds: windowSeconds)
        let before = seen?.start == window.start ? seen?.failures ?? 0 : 0
        if cookie == nil || window.failures > before {
            logger.warning(
                "authentication failed",
                metadata: ["kind": .string(kind), "client": .string(address), "path": .string(path)])
        }
        await pruneIfDue(now: now, logger: logger)
    }

    /// Forgets ended windows, at most once per window length on this server: housekeeping that keeps the
    /// table as small as the failures of one window. A failure here only delays it.
    private func pruneIfDue(now: Int64, logger: Logger) async {
        let due = lastPrune.withLock { last in
            guard now < last || now - last >= windowSeconds else { return false }
            last = now
            return true
        }
        guard due else { return }
        do {
            try await counters.pruneThrottleWindows(now: now, windowSeconds: retentionSeconds)
        } catch {
            logger.debug("could not prune throttle windows", metadata: ["error": .string(String(describing: error))])
        }
    }
}
