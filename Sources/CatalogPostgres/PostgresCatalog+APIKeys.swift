import Catalog
import PostgresNIO

/// API keys for the Pixabay-compatible endpoint, stored as digests.
extension PostgresCatalog {
    static let apiKeyColumns = "id, digest, hint, label, created_at, revoked_at"

    public func insertAPIKey(_ key: APIKeyRecord) async throws -> APIKeyRecord {
        try await withConnection { connection in
            let id = try await connection.query(
                """
                INSERT INTO api_key (digest, hint, label, created_at, revoked_at)
                VALUES (\(key.digest), \(key.hint), \(key.label), \(key.createdAt), \(key.revokedAt))
                RETURNING id
                """, logger: self.logger
            ).collect().first?.decode(Int64.self)
            var copy = key
            copy.id = id
            return copy
        }
    }

    /// Every key, revoked ones included, oldest first.
    public func apiKeys() async throws -> [APIKeyRecord] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.apiKeyColumns) FROM api_key ORDER BY id", logger: self.logger
            ).collect().map(Self.apiKey)
        }
    }

    /// The live key with this digest, if any.
    public func activeAPIKey(digest: String) async throws -> APIKeyRecord? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.apiKeyColumns) FROM api_key WHERE digest = \(digest) AND revoked_at IS NULL",
                logger: self.logger
            ).collect().first.map(Self.apiKey)
        }
    }

    /// Revokes a key; false when there is no live key with that id.
    public func revokeAPIKey(id: Int64) async throws -> Bool {
        let now = Self.now
        return try await withConnection { connection in
            try await !connection.query(
                "UPDATE api_key SET revoked_at = \(now) WHERE id = \(id) AND revoked_at IS NULL RETURNING id",
                logger: self.logger
            ).collect().isEmpty
        }
    }

    static func apiKey(_ row: PostgresRow) throws -> APIKeyRecord {
        let (id, digest, hint, label, createdAt, revokedAt) = try row.decode(
            (Int64, String, String, String, Int64, Int64?).self)
        var key = APIKeyRecord(digest: digest, hint: hint, label: label, createdAt: createdAt)
        key.id = id
        key.revokedAt = revokedAt
        return key
    }
}
