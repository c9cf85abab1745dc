import Catalog
import Crypto
import Foundation
import VitrineCore

/// Sign-in sessions: the read-only cookie a browser gets for the admin token on a private server.
///
/// Each sign-in draws a random id; the catalog keeps only its SHA-256, so a copy of the catalog opens no
/// browser's session. A session is tied to the token it was made with: sign-out ends that one session,
/// and rotating the token ends them all, whichever process rotates it.
public struct SessionStore: Sendable {
    let catalog: any AccessRecords
    public let lifetimeSeconds: Int
    let clock: @Sendable () -> Date

    public init(
        catalog: any AccessRecords, lifetimeSeconds: Int = 30 * 24 * 3600,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.catalog = catalog
        self.lifetimeSeconds = lifetimeSeconds
        self.clock = clock
    }

    /// What every session cookie value starts with.
    public static let prefix = "vs1_"

    /// A new session for the token with `tokenDigest`; the returned cookie value is shown to the browser only.
    public func create(tokenDigest: String) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let value = Self.prefix + Base64URL.encode(bytes)
        let now = Self.milliseconds(clock())
        try await catalog.insertSession(
            SessionRecord(
                digest: Self.digest(value), tokenDigest: tokenDigest, createdAt: now,
                expiresAt: now + Int64(lifetimeSeconds) * 1000))
        return value
    }

    /// Whether `value` is a live session made with the token whose digest is `tokenDigest` (the current one).
    public func accepts(_ value: String, tokenDigest: String) async throws -> Bool {
        guard Self.isWellFormed(value) else { return false }
        guard let session = try await catalog.session(digest: Self.digest(value), now: Self.milliseconds(clock()))
        else {
            return false
        }
        return AdminToken.constantTimeEqual(Array(session.tokenDigest.utf8), Array(tokenDigest.utf8))
    }

    /// Ends the session behind `value`, if there is one.
    public func revoke(_ value: String) async throws {
        guard Self.isWellFormed(value) else { return }
        try await catalog.deleteSession(digest: Self.digest(value))
    }

    static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == prefix.utf8.count + 43 && value.hasPrefix(prefix)
    }

    /// What the catalog keeps of a session, and what the throttle counts a stale cookie by.
    public static func digest(_ value: String) -> String {
        Hex.encode(SHA256.hash(data: Array(value.utf8)))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970 * 1000
        return value.isFinite && abs(value) < 9e15 ? Int64(value) : 0
    }
}
