import Catalog
import GRDB

/// The log of visitors' uploads through share links (`linkUpload`).
extension SQLiteCatalog {
    /// One write transaction: SQLite's write lock orders uploads through every connection and process.
    public func recordLinkUpload(slug: String, photoId: String, at: Int64, limit: Int) async throws -> Bool {
        try await write { db in
            let known = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM linkUpload WHERE slug = ? AND photoId = ?", arguments: [slug, photoId])
            if known != nil { return true }
            let count =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM linkUpload WHERE slug = ?", arguments: [slug]) ?? 0
            guard count < limit else { return false }
            try db.execute(
                sql: "INSERT INTO linkUpload (slug, photoId, uploadedAt) VALUES (?, ?, ?)",
                arguments: [slug, photoId, at])
            return true
        }
    }

    public func linkUploadCount(slug: String) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM linkUpload WHERE slug = ?", arguments: [slug]) ?? 0
        }
    }

    public func uploadLinks(photoId: String) async throws -> [String] {
        try await read { db in
            try String.fetchAll(
                db, sql: "SELECT slug FROM linkUpload WHERE photoId = ? ORDER BY uploadedAt, slug",
                arguments: [photoId])
        }
    }
}
