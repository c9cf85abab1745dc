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
                sql: "UPDATE photoCompat SET \(counter.rawValue) = \(counter.rawValue) + 1 WHERE photoId = ?",
                arguments: [photoId])
            return db.changesCount > 0
        }
    }

    /// The current counts, nil when there is no such photo.
    public func counters(photoId: String) async throws -> (views: Int, downloads: Int)? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT views, downloads FROM photoCompat WHERE photoId = ?", arguments: [photoId]
            )
            .map { ($0["views"], $0["downloads"]) }
        }
    }
}
