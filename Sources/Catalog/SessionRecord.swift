/// A signed-in browser, as stored: the SHA-256 of its random session id (the id itself lives only in the
/// cookie), the digest of the admin token it signed in with, and when it ends (milliseconds since 1970).
public struct SessionRecord: Codable, Sendable, Equatable {
    public var digest: String
    public var tokenDigest: String
    public var createdAt: Int64
    public var expiresAt: Int64

    public init(digest: String, tokenDigest: String, createdAt: Int64, expiresAt: Int64) {
        self.digest = digest
        self.tokenDigest = tokenDigest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
