import GRDB

/// A signed-in browser, as stored: the SHA-256 of its random session id (the id itself lives only in the
/// cookie), the digest of the admin token it signed in with, and when it ends (milliseconds since 1970).
public struct SessionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"

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

extension PhotoCatalog {
    /// Sessions kept at once; a sign-in past it ends the oldest.
    public static let maximumSessions = 1000

    /// Keeps a new session, and forgets the ones that have ended and the oldest past `maximumSessions`, so
    /// the table stays as small as the number of live sign-ins.
    public func insertSession(_ session: SessionRecord) throws {
        try writer.write { db in
            try SessionRecord.filter(Column("expiresAt") <= session.createdAt).deleteAll(db)
            try session.insert(db)
            try db.execute(
                sql:
                    "DELETE FROM session WHERE digest NOT IN (SELECT digest FROM session ORDER BY createdAt DESC, digest LIMIT ?)",
                arguments: [Self.maximumSessions])
        }
    }

    /// The session with this digest, if it has not ended at `now`.
    public func session(digest: String, now: Int64) throws -> SessionRecord? {
        try writer.read { db in
            try SessionRecord.filter(Column("digest") == digest && Column("expiresAt") > now).fetchOne(db)
        }
    }

    /// Every stored session, oldest first.
    public func sessions() throws -> [SessionRecord] {
        try writer.read { db in try SessionRecord.order(Column("createdAt")).fetchAll(db) }
    }

    /// Ends one session (sign-out); false when there was none.
    @discardableResult
    public func deleteSession(digest: String) throws -> Bool {
        try writer.write { db in try SessionRecord.deleteOne(db, key: digest) }
    }

    /// Ends every session (the admin token was rotated); the number ended.
    @discardableResult
    public func deleteAllSessions() throws -> Int {
        try writer.write { db in try SessionRecord.deleteAll(db) }
    }
}
