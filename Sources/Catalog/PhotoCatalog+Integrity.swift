import GRDB

extension PhotoCatalog {
    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise one line per problem.
    public func integrityCheck() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Keys leased now, with their holders' records (nil for leases taken without one).
    public func leases() throws -> [(blobKey: String, holder: String?)] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT blobKey, holder FROM blobLease ORDER BY blobKey").map {
                ($0["blobKey"], $0["holder"])
            }
        }
    }
}
