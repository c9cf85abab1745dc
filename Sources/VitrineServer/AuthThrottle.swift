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
final class AuthThrottle: Sendable {
    let limit: Int
    let windowSeconds: Double
    /// Addresses tracked at once; past it, ended windows are dropped, then the oldest.
    static let maximumAddresses = 10_000
    private let clock: @Sendable () -> Double
    private let windows = Mutex<[String: Window]>([:])

    private struct Window {
        var start: Double
        var failures: Int
        var cookies: Set<String>
    }

    init(
        limit: Int = 10, windowSeconds: Double = 60,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.clock = clock
    }

    /// Throws 429 when `address` has used up its failures for this window.
    func check(_ address: String) throws {
        if let wait = retryAfter(address) {
            throw APIError.tooManyRequests(
                "too many failed sign-in attempts from this address; try again later", retryAfter: wait)
        }
    }

    /// Seconds until `address` may present a credential again, or nil when it may now.
    func retryAfter(_ address: String) -> Int? {
        let now = clock()
        return windows.withLock { windows in
            guard let window = windows[address], now - window.start < windowSeconds, window.failures >= limit
            else { return nil }
            return max(1, Int((window.start + windowSeconds - now).rounded(.up)))
        }
    }

    /// Counts one failure; `cookie` (a digest of it) makes repeats of one stale cookie count once.
    func failed(_ address: String, kind: String, cookie: String? = nil, path: String, logger: Logger) {
        let now = clock()
        let counted = windows.withLock { windows -> Bool in
            if windows.count >= Self.maximumAddresses, windows[address] == nil {
                windows = windows.filter { now - $0.value.start < windowSeconds }
                if windows.count >= Self.maximumAddresses,
                    let oldest = windows.min(by: { $0.value.start < $1.value.start })?.key
                {
                    windows[oldest] = nil
                }
            }
            var window = windows[address] ?? Window(start: now, failures: 0, cookies: [])
            if now - window.start >= windowSeconds { window = Window(start: now, failures: 0, cookies: []) }
            if let cookie {
                guard window.cookies.insert(cookie).inserted else {
                    windows[address] = window
                    return false
                }
            }
            window.failures += 1
            windows[address] = window
            return true
        }
        if counted {
            logger.warning(
                "authentication failed",
                metadata: ["kind": .string(kind), "client": .string(address), "path": .string(path)])
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
