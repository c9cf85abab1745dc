/// API keys and sign-in sessions, stored only as digests.
public protocol AccessRecords: Sendable {
    /// Stores a key; returns it with its assigned id.
    func insertAPIKey(_ key: APIKeyRecord) async throws -> APIKeyRecord
    /// Every key, revoked ones included, oldest first.
    func apiKeys() async throws -> [APIKeyRecord]
    /// The live key with this digest, if any.
    func activeAPIKey(digest: String) async throws -> APIKeyRecord?
    /// Revokes a key; false when there is no live key with that id.
    func revokeAPIKey(id: Int64) async throws -> Bool
    /// Keeps a new session, and forgets the ones ended by its `createdAt` and the oldest of its credential
    /// (`tokenDigest`) past `CatalogPolicy.maximumSessions`.
    func insertSession(_ session: SessionRecord) async throws
    /// The session with this digest, if it has not ended at `now`.
    func session(digest: String, now: Int64) async throws -> SessionRecord?
    /// Every stored session, oldest first.
    func sessions() async throws -> [SessionRecord]
    /// Ends one session (sign-out); false when there was none.
    @discardableResult func deleteSession(digest: String) async throws -> Bool
    /// Ends every session (the admin token was rotated); the number ended.
    @discardableResult func deleteAllSessions() async throws -> Int
}
