import Catalog
import GRDB

/// The log of visitors' uploads through share links (`linkUpload`).
extension SQLiteCatalog {
    public func recordLinkUpload(slug: String, photoId: String, at: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO linkUpload (slug, photoId, uploadedAt) VALUES (?, ?, ?)",
                arguments: [slug, photoId, at])
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
