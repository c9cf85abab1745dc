import Catalog
import Logging
import PostgresNIO

/// Sign-in sessions, shared by every server: a sign-in on one is honoured by all. The API keys of
/// `AccessRecords` are in +APIKeys.
extension PostgresCatalog: AccessRecords {
    static let sessionColumns = "digest, token_digest, created_at, expires_at"

    /// Keeps a new session, and forgets the ones that have ended and the oldest of its credential past
    /// `maximumSessions`, so the table stays as small as the number of live sign-ins.
    public func insertSession(_ session: SessionRecord) async throws {
        try await transaction { connection in
            try await connection.query(
                "DELETE FROM session WHERE expires_at <= \(session.createdAt)", logger: self.logger)
            try await connection.query(
                """
                INSERT INTO session (digest, token_digest, created_at, expires_at)
                VALUES (\(session.digest), \(session.tokenDigest), \(session.createdAt), \(session.expiresAt))
                """, logger: self.logger)
            try await connection.query(
                """
                DELETE FROM session WHERE token_digest = \(session.tokenDigest) AND digest NOT IN (
                    SELECT digest FROM session WHERE token_digest = \(session.tokenDigest)
                    ORDER BY created_at DESC, digest LIMIT \(CatalogPolicy.maximumSessions))
                """, logger: self.logger)
        }
    }

    /// The session with this digest, if it has not ended at `now`.
    public func session(digest: String, now: Int64) async throws -> SessionRecord? {
        try await withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.sessionColumns) FROM session WHERE digest = \(digest) AND expires_at > \(now)
                """, logger: self.logger
            ).collect().first.map(Self.session)
        }
    }

    /// Every stored session, oldest first (ties by digest: PostgreSQL keeps no insertion order).
    public func sessions() async throws -> [SessionRecord] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.sessionColumns) FROM session ORDER BY created_at, digest", logger: self.logger
            ).collect().map(Self.session)
        }
    }

    /// Ends one session (sign-out); false when there was none.
    @discardableResult
    public func deleteSession(digest: String) async throws -> Bool {
        try await withConnection { connection in
            try await !connection.query(
                "DELETE FROM session WHERE digest = \(digest) RETURNING digest", logger: self.logger
            ).collect().isEmpty
        }
    }

    /// Ends every session (the admin token was rotated); the number ended.
    @discardableResult
    public func deleteAllSessions() async throws -> Int {
        try await withConnection { connection in
            try await Self.deleteAllSessions(on: connection, logger: self.logger)
        }
    }

    static func deleteAllSessions(on connection: PostgresConnection, logger: Logger) async throws -> Int {
        let count = try await connection.query(
            "WITH ended AS (DELETE FROM session RETURNING 1) SELECT COUNT(*) FROM ended", logger: logger
        ).collect().first?.decode(Int64.self)
        return Int(count ?? 0)
    }

    static func session(_ row: PostgresRow) throws -> SessionRecord {
        let (digest, tokenDigest, createdAt, expiresAt) = try row.decode((String, String, Int64, Int64).self)
        return SessionRecord(digest: digest, tokenDigest: tokenDigest, createdAt: createdAt, expiresAt: expiresAt)
    }
}
