import Catalog
import GRDB

/// Views (the viewer opened a photo) and downloads (its original fetched to keep), which the Pixabay API
/// reports and `order=popular` sorts by. Counting is one indexed UPDATE; it never touches `updatedAt`, which
/// tracks edits to the photo itself.
extension SQLiteCatalog {
    /// Adds one; false when there is no such photo.
    @discardableResult
    public func increment(_ counter: PhotoCounter, photoId: String) async throws -> Bool {
        try await write { db in
            // The column name comes from the enum, never from the request.
            try db.execute(
                sql:
                    "UPDATE photoCompat SET \(counter.rawValue) = \(Self.incremented(counter.rawValue)) WHERE photoId = ?",
                arguments: [photoId])
            return db.changesCount > 0
        }
    }

    /// The current counts, nil when there is no such photo.
    public func counters(photoId: String) async throws -> (views: Int, downloads: Int)? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(Self.integer("views")), \(Self.integer("downloads")) FROM photoCompat WHERE photoId = ?",
                arguments: [photoId]
            )
            .map { ($0[0], $0[1]) }
        }
    }

    /// `column + 1`, but never past the largest integer: SQLite would turn the sum into a REAL, which no
    /// read could take back as an `Int`.
    static func incremented(_ column: String) -> String {
        "CASE WHEN \(column) < 9223372036854775807 THEN \(column) + 1 ELSE \(column) END"
    }

    /// A count as an integer, whatever the row holds: a REAL (an older version's overflowed sum) clamps to
    /// the integers' range, where reading it as an `Int` would trap.
    static func integer(_ column: String, as name: String? = nil) -> String {
        "CAST(\(column) AS INTEGER)" + (name.map { " AS \($0)" } ?? "")
    }
}
