import Catalog
import GRDB

extension SQLiteCatalog {
    /// The `limit` most used tags with their photo counts, most used first, then by name.
    public func tagCounts(limit: Int) async throws -> [TagCount] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT name, photoCount AS count FROM tag WHERE photoCount > 0
                    ORDER BY photoCount DESC, name COLLATE NOCASE LIMIT ?
                    """, arguments: [max(0, limit)]
            ).map { TagCount(name: $0["name"], count: $0["count"]) }
        }
    }

    /// A photo's tags, in name order.
    public func tags(of photoId: String) async throws -> [String] {
        try await read { db in try Self.tags(of: photoId, in: db) }
    }

    public func tags(of photoIds: [String]) async throws -> [String: [String]] {
        guard !photoIds.isEmpty else { return [:] }
        return try await read { db in try Self.tags(of: photoIds, in: db) }
    }

    static func tags(of photoId: String, in db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT tag.name FROM tag JOIN photoTag ON photoTag.tagId = tag.id
                WHERE photoTag.photoId = ? ORDER BY tag.name COLLATE NOCASE
                """,
            arguments: [photoId])
    }

    static func attach(tags: [String], to photoId: String, in db: Database) throws {
        for name in PhotoTags.normalized(tags) {
            try db.execute(sql: "INSERT INTO tag (name) VALUES (?) ON CONFLICT(name) DO NOTHING", arguments: [name])
            try db.execute(
                sql: "INSERT OR IGNORE INTO photoTag (photoId, tagId) SELECT ?, id FROM tag WHERE name = ?",
                arguments: [photoId, name])
        }
    }

    /// Rewrites a photo's full-text row from its record and tags; call in the transaction that changed them.
    ///
    /// The row shares the photo's rowid, so finding it is a key lookup (an UNINDEXED column would be a scan).
    /// Deleting a photo must delete this row in the same transaction: SQLite may reuse a freed rowid.
    static func refreshSearchRow(photoId: String, in db: Database) throws {
        guard let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM photo WHERE id = ?", arguments: [photoId])
        else { return }
        try db.execute(sql: "DELETE FROM photoSearch WHERE rowid = ?", arguments: [rowid])
        guard let photo = try PhotoRecord.fetchOne(db, key: photoId) else { return }
        let camera = [photo.camera.make, photo.camera.model, photo.camera.lens].compactMap { $0 }.joined(separator: " ")
        try db.execute(
            sql: "INSERT INTO photoSearch (rowid, title, originalName, tags, camera) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                rowid, photo.title ?? "", photo.originalName,
                try tags(of: photoId, in: db).joined(separator: " "), camera,
            ])
    }
}
