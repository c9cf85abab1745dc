import Catalog
import GRDB

extension SQLiteCatalog {
    public func insertAPIKey(_ key: APIKeyRecord) async throws -> APIKeyRecord {
        try await write { db in
            var copy = key
            try copy.insert(db)
            return copy
        }
    }

    /// Every key, revoked ones included, oldest first.
    public func apiKeys() async throws -> [APIKeyRecord] {
        try await read { db in try APIKeyRecord.order(Column("id")).fetchAll(db) }
    }

    /// The live key with this digest, if any.
    public func activeAPIKey(digest: String) async throws -> APIKeyRecord? {
        try await read { db in
            try APIKeyRecord.filter(Column("digest") == digest && Column("revokedAt") == nil).fetchOne(db)
        }
    }

    /// Revokes a key; false when there is no live key with that id.
    public func revokeAPIKey(id: Int64) async throws -> Bool {
        let now = Self.now
        return try await write { db in
            try db.execute(
                sql: "UPDATE apiKey SET revokedAt = ? WHERE id = ? AND revokedAt IS NULL", arguments: [now, id])
            return db.changesCount > 0
        }
    }
}
