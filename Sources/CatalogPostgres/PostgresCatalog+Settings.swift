import Catalog
import PostgresNIO

/// Settings every server shares, one `setting` row each.
extension PostgresCatalog: SharedSettings {
    /// The `setting` row that holds the admin token's digest.
    static let adminTokenSetting = "adminTokenDigest"

    public func adminTokenDigest() async throws -> String? {
        try await withConnection { connection in
            try await self.adminTokenDigest(on: connection)
        }
    }

    /// Two statements, so the read sees a digest another server committed while the insert waited on it
    /// (under READ COMMITTED each statement reads a snapshot taken when it starts).
    public func adminTokenDigest(settingIfAbsent digest: String) async throws -> String {
        try await withConnection { connection in
            try await connection.query(
                """
                INSERT INTO setting (name, value) VALUES (\(Self.adminTokenSetting), \(digest))
                ON CONFLICT (name) DO NOTHING
                """, logger: self.logger)
            return try await self.adminTokenDigest(on: connection) ?? digest
        }
    }

    public func replaceAdminTokenDigest(_ digest: String) async throws {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO setting (name, value) VALUES (\(Self.adminTokenSetting), \(digest))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, logger: self.logger)
            _ = try await Self.deleteAllSessions(on: connection, logger: self.logger)
        }
    }

    func adminTokenDigest(on connection: PostgresConnection) async throws -> String? {
        try await connection.query(
            "SELECT value FROM setting WHERE name = \(Self.adminTokenSetting)", logger: logger
        ).collect().first?.decode(String.self)
    }
}
