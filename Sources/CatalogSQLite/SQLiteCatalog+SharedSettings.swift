import Catalog
import GRDB

extension SQLiteCatalog {
    /// The `setting` row that holds the admin token's digest.
    static let adminTokenSetting = "adminTokenDigest"

    public func adminTokenDigest() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [Self.adminTokenSetting])
        }
    }

    public func adminTokenDigest(settingIfAbsent digest: String) async throws -> String {
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO setting (name, value) VALUES (?, ?)",
                arguments: [Self.adminTokenSetting, digest])
            return try String.fetchOne(
                db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [Self.adminTokenSetting]) ?? digest
        }
    }

    public func replaceAdminTokenDigest(_ digest: String) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [Self.adminTokenSetting, digest])
            try SessionRecord.deleteAll(db)
        }
    }
}
