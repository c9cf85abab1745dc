import Crypto
import Foundation
import VitrineCore

/// The cookie a visitor gets for typing a link's password: a sign-in session (`SessionStore`) tied to the
/// link and to its current password, so changing the password, or deleting the link, ends every visitor's
/// session at once.
public struct LinkSessions: Sendable {
    let sessions: SessionStore

    public init(sessions: SessionStore) { self.sessions = sessions }

    /// The cookie's name for one link: each link has its own, so visiting two links keeps both.
    public static func cookieName(slug: String) -> String {
        "vitrine_link_" + Hex.encode(SHA256.hash(data: Array(slug.utf8)).prefix(8))
    }

    /// What the session is bound to: the link and a digest of its password hash.
    static func binding(slug: String, passwordHash: String) -> String {
        "link:" + slug + ":" + Hex.encode(SHA256.hash(data: Array(passwordHash.utf8)))
    }

    public func create(slug: String, passwordHash: String) async throws -> String {
        try await sessions.create(tokenDigest: Self.binding(slug: slug, passwordHash: passwordHash))
    }

    public func accepts(_ value: String, slug: String, passwordHash: String) async throws -> Bool {
        try await sessions.accepts(value, tokenDigest: Self.binding(slug: slug, passwordHash: passwordHash))
    }
}
