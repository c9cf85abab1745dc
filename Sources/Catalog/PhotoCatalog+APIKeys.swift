import Foundation
import GRDB

/// An API key as stored: its SHA-256 digest (the key itself is shown once, at creation), a short hint to
/// recognise it by, and who it is for.
public struct APIKeyRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "apiKey"

    public var id: Int64?
    public var digest: String
    public var hint: String
    public var label: String
    public var createdAt: Int64
    public var revokedAt: Int64?

    public init(digest: String, hint: String, label: String, createdAt: Int64) {
        self.digest = digest
        self.hint = hint
        self.label = label
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension PhotoCatalog {
    public func insertAPIKey(_ key: APIKeyRecord) throws -> APIKeyRecord {
        try writer.write { db in
            var copy = key
            try copy.insert(db)
            return copy
        }
    }

    /// Every key, revoked ones included, oldest first.
    public func apiKeys() throws -> [APIKeyRecord] {
        try writer.read { db in try APIKeyRecord.order(Column("id")).fetchAll(db) }
    }

    /// The live key with this digest, if any.
    public func activeAPIKey(digest: String) throws -> APIKeyRecord? {
        try writer.read { db in
            try APIKeyRecord.filter(Column("digest") == digest && Column("revokedAt") == nil).fetchOne(db)
        }
    }

    /// Revokes a key; false when there is no live key with that id.
    public func revokeAPIKey(id: Int64) throws -> Bool {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return try writer.write { db in
            try db.execute(
                sql: "UPDATE apiKey SET revokedAt = ? WHERE id = ? AND revokedAt IS NULL", arguments: [now, id])
            return db.changesCount > 0
        }
    }
}
