import GRDB

/// Diagnostics only SQLite has, for tests and operators.
extension SQLiteCatalog {
    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise one line per problem.
    public func integrityCheck() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// SQLite's plan for the paging query, so tests can prove it walks the index instead of scanning.
    public func pagePlan() async throws -> String {
        try await read { db in
            try Row.fetchAll(
                db,
                sql:
                    "EXPLAIN QUERY PLAN SELECT * FROM photo WHERE (takenAt, id) < (?, ?) ORDER BY takenAt DESC, id DESC LIMIT 21",
                arguments: [0, "a"]
            ).map { $0["detail"] as String? ?? "" }.joined(separator: "\n")
        }
    }
}
