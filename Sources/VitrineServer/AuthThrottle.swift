import Catalog
import Foundation
import Hummingbird
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
final class AuthThrottle: Sendable {
    let counters: any ThrottleCounters
    let limit: Int
    let windowSeconds: Int64
    private let clock: @Sendable () -> Double
    /// How long a window is kept when pruning: the longest window anyone counts into these counters (the
    /// Pixabay keys' too), so a prune never cuts another counter's live window short.
    let retentionSeconds: Int64
    /// When this server last forgot ended windows (Unix seconds); it does so at most once per window.
    private let lastPrune = Mutex<Int64>(0)

    init(
        counters: any ThrottleCounters, limit: Int = 10, windowSeconds: Int64 = 60, retentionSeconds: Int64 = 0,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.counters = counters
        self.limit = limit
        self.windowSeconds = max(1, windowSeconds)
        self.retentionSeconds = max(self.windowSeconds, retentionSeconds)
        self.clock = clock
    }

    private var now: Int64 { ThrottleClock.seconds(clock()) }

    /// The catalog's key for an address's window.
    private static func key(_ address: String) -> String { "auth:" + address }

    /// The address's open window (nil when it has none); throws 429 when it has used up its failures.
    @discardableResult
    func check(_ address: String) async throws -> ThrottleWindow? {
        let window = try await self.window(address)
        if let wait = retryAfter(window) {
            throw APIError.tooManyRequests(
                "too many failed sign-in attempts from this address; try again later", retryAfter: wait)
        }
        return window
    }

    /// The address's open window, nil when it has none.
    func window(_ address: String) async throws -> ThrottleWindow? {
        try await counters.throttleWindow(key: Self.key(address), now: now, windowSeconds: windowSeconds)
    }

    /// Seconds until an address with this window may present a credential again, or nil when it may now.
    func retryAfter(_ window: ThrottleWindow?) -> Int? {
        guard let window, window.failures >= limit else { return nil }
        return max(1, ThrottleClock.secondsLeft(in: window, length: windowSeconds, now: now))
    }

    /// Counts one failure; `cookie` (a digest of it) makes repeats of one stale cookie count once. `seen` is
    /// the window `check` returned, which tells a counted failure (logged) from a repeat (not logged).
    func failed(
        _ address: String, kind: String, cookie: String? = nil, seen: ThrottleWindow?, path: String, logger: Logger
    ) async throws {
        let now = self.now
        let window = try await counters.recordFailure(
            key: Self.key(address), repeatKey: cookie, now: now, windowSeconds: windowSeconds)
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

extension RequestContext {
    /// The client's address as `VitrineRequestContext` resolved it (socket peer, or a trusted proxy's
    /// record), else the socket peer; one shared bucket when neither is known.
    var peerAddress: String {
        if let context = self as? VitrineRequestContext { return context.clientAddress }
        guard let address = (self as? any RemoteAddressRequestContext)?.remoteAddress else { return "unknown" }
        return address.ipAddress ?? "unknown"
    }
}
