import GRDB

/// A tag and how many photos carry it.
public struct TagCount: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

extension PhotoCatalog {
    /// Every tag in use with its photo count, most used first, then by name.
    public func tagCounts() throws -> [TagCount] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT tag.name AS name, COUNT(*) AS count FROM tag JOIN photoTag ON photoTag.tagId = tag.id
                    GROUP BY tag.id ORDER BY count DESC, tag.name COLLATE NOCASE
                    """
            ).map { TagCount(name: $0["name"], count: $0["count"]) }
        }
    }

    /// A photo's tags, in name order.
    public func tags(of photoId: String) throws -> [String] {
        try writer.read { db in try Self.tags(of: photoId, in: db) }
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

    /// Tags one photo keeps; names past it (an upload's plus its file's XMP keywords) are dropped.
    public static let maximumTagsPerPhoto = 100
    /// A tag name's length in UTF-8 bytes; a longer one (a folder name, an XMP keyword) is cut.
    public static let maximumTagBytes = 100

    /// Normalises tag names: control characters as spaces, trimmed, inner whitespace collapsed, at most
    /// `maximumTagBytes`, no empties, duplicates (ignoring case) dropped, at most `maximumTagsPerPhoto`.
    public static func normalizedTags(_ names: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in names where result.count < maximumTagsPerPhoto {
            let visible = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            var clean = visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            while clean.utf8.count > maximumTagBytes { clean.removeLast() }
            guard !clean.isEmpty, seen.insert(clean.lowercased()).inserted else { continue }
            result.append(clean)
        }
        return result
    }

    static func attach(tags: [String], to photoId: String, in db: Database) throws {
        for name in normalizedTags(tags) {
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
        let camera = [photo.cameraMake, photo.cameraModel, photo.lens].compactMap { $0 }.joined(separator: " ")
        try db.execute(
            sql: "INSERT INTO photoSearch (rowid, title, originalName, tags, camera) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                rowid, photo.title ?? "", photo.originalName,
                try tags(of: photoId, in: db).joined(separator: " "), camera,
            ])
    }
}
