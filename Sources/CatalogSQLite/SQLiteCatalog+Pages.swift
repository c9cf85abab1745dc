import Catalog
import GRDB

extension SQLiteCatalog {
    /// Photos in the catalog, from the trigger-kept count (migration v10).
    static func photoCount(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count FROM photoCount") ?? 0
    }

    /// How many photos match `filter`: a kept count for the whole catalog or one tag, else a count of the
    /// matches (text, or several tags).
    static func total(of filter: PhotoFilter, in db: Database) throws -> Int {
        guard filter.ftsPattern == nil else { return try filter.apply(to: PhotoRecord.all()).fetchCount(db) }
        switch filter.tags.count {
        case 0: return try photoCount(in: db)
        case 1:
            return try Int.fetchOne(db, sql: "SELECT photoCount FROM tag WHERE name = ?", arguments: [filter.tags[0]])
                ?? 0
        default: return try filter.apply(to: PhotoRecord.all()).fetchCount(db)
        }
    }

    /// Up to `limit` photos matching `filter`, newest first, after `cursor`, by the `(takenAt, id)` index.
    static func orderedPage(
        after cursor: PageCursor?, limit: Int, filter: PhotoFilter, in db: Database
    ) throws
        -> [PhotoRecord]
    {
        var conditions = filter.sqlConditions
        if let cursor { conditions.append(("(photo.takenAt, photo.id) < (?, ?)", [cursor.takenAt, cursor.id])) }
        var sql = "SELECT \(PhotoRecord.positionalColumns) FROM photo"
        var arguments = StatementArguments()
        for (index, condition) in conditions.enumerated() {
            sql += (index == 0 ? " WHERE " : " AND ") + condition.sql
            arguments += condition.arguments
        }
        sql += " ORDER BY photo.takenAt DESC, photo.id DESC LIMIT ?"
        arguments += [limit]
        return try positionalPhotos(sql, arguments: arguments, in: db)
    }

    /// Up to `limit` photos carrying every tag in `tags`, newest first, after `cursor`: a walk of the rarest
    /// tag's date index, each row checked for the other tags. A missing tag matches nothing.
    static func tagPage(after cursor: PageCursor?, limit: Int, tags: [String], in db: Database) throws -> [PhotoRecord]
    {
        let marks = Array(repeating: "?", count: tags.count).joined(separator: ",")
        let known = try Row.fetchAll(
            db, sql: "SELECT id, name, photoCount FROM tag WHERE name IN (\(marks)) ORDER BY photoCount, id",
            arguments: StatementArguments(tags))
        // Tag names compare as NOCASE does (ASCII letters only), so each given name finds at most one row;
        // fewer rows than distinct names means some tag has no photo.
        let distinct = Set(tags.map(Self.asciiLowercased)).count
        guard let rarest = known.first, known.count == distinct else { return [] }
        var sql = """
            SELECT \(PhotoRecord.positionalColumns) FROM photoTag JOIN photo ON photo.id = photoTag.photoId
            WHERE photoTag.tagId = ?
            """
        var arguments: StatementArguments = [try rarest.decode(Int64.self, forColumn: "id")]
        if let cursor {
            sql += " AND (photoTag.takenAt, photoTag.photoId) < (?, ?)"
            arguments += [cursor.takenAt, cursor.id]
        }
        for other in known.dropFirst() {
            sql +=
                " AND EXISTS (SELECT 1 FROM photoTag AS other WHERE other.photoId = photoTag.photoId AND other.tagId = ?)"
            arguments += [try other.decode(Int64.self, forColumn: "id")]
        }
        sql += " ORDER BY photoTag.takenAt DESC, photoTag.photoId DESC LIMIT ?"
        arguments += [limit]
        return try positionalPhotos(sql, arguments: arguments, in: db)
    }

    /// NOCASE's folding: A–Z to a–z, every other byte as it is.
    static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
    }
}
