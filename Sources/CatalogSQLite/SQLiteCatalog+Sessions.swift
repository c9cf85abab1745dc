import Catalog
import GRDB

extension SQLiteCatalog {
    /// Keeps a new session, and forgets the ones that have ended and the oldest of its credential past
    /// `maximumSessions`, so the table stays as small as the number of live sign-ins.
    public func insertSession(_ session: SessionRecord) async throws {
        try await write { db in
            try SessionRecord.filter(Column("expiresAt") <= session.createdAt).deleteAll(db)
            try session.insert(db)
            try db.execute(
                sql: """
                    DELETE FROM session WHERE tokenDigest = ? AND digest NOT IN (
                        SELECT digest FROM session WHERE tokenDigest = ? ORDER BY createdAt DESC, digest LIMIT ?)
                    """,
                arguments: [session.tokenDigest, session.tokenDigest, CatalogPolicy.maximumSessions])
        }
    }

    /// The session with this digest, if it has not ended at `now`.
    public func session(digest: String, now: Int64) async throws -> SessionRecord? {
        try await read { db in
            try SessionRecord.filter(Column("digest") == digest && Column("expiresAt") > now).fetchOne(db)
        }
    }

    /// Every stored session, oldest first.
    public func sessions() async throws -> [SessionRecord] {
        try await read { db in try SessionRecord.order(Column("createdAt")).fetchAll(db) }
    }

    /// Ends one session (sign-out); false when there was none.
    @discardableResult
    public func deleteSession(digest: String) async throws -> Bool {
        try await write { db in try SessionRecord.deleteOne(db, key: digest) }
    }

    /// Ends every session (the admin token was rotated); the number ended.
    @discardableResult
    public func deleteAllSessions() async throws -> Int {
        try await write { db in try SessionRecord.deleteAll(db) }
    }
}
