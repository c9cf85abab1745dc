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
        if let set = filter.set {
            guard filter.tags.isEmpty else { return try filter.apply(to: PhotoRecord.all()).fetchCount(db) }
            return try setCount(set, in: db)
        }
        switch filter.tags.count {
        case 0: return try photoCount(in: db)
        case 1:
            return try Int.fetchOne(db, sql: "SELECT photoCount FROM tag WHERE name = ?", arguments: [filter.tags[0]])
                ?? 0
        default: return try filter.apply(to: PhotoRecord.all()).fetchCount(db)
        }
    }

    /// Up to `limit` photos matching `filter` on one side of `cursor`, nearest first, skipping the first
    /// `offset`: a walk of the `(takenAt, id)` index, or of the rarest tag's date index for tags without text.
    /// Older photos come newest first from `cursor` (from the top when nil), newer ones oldest first.
    static func rows(
        from cursor: PageCursor?, _ direction: PageDirection, offset: Int = 0, limit: Int, filter: PhotoFilter,
        in db: Database
    ) throws -> [PhotoRecord] {
        let walk = Walk(direction: direction, offset: max(0, offset), limit: max(0, limit))
        if let set = filter.walkedSet { return try setRows(from: cursor, walk, set: set, filter: filter, in: db) }
        return try filter.ftsPattern == nil && !filter.tags.isEmpty
            ? tagRows(from: cursor, walk, tags: filter.tags, in: db)
            : orderedRows(from: cursor, walk, filter: filter, in: db)
    }

    /// Which way a page reads from its position, and how much.
    struct Walk {
        var direction: PageDirection
        var offset: Int
        var limit: Int

        /// The keyset comparison, the order and the bounds, for columns `takenAt` and `id`.
        func sql(takenAt: String, id: String) -> (comparison: String, tail: String) {
            let older = direction == .older
            let order = older ? "DESC" : "ASC"
            return (
                "(\(takenAt), \(id)) \(older ? "<" : ">") (?, ?)",
                " ORDER BY \(takenAt) \(order), \(id) \(order) LIMIT ? OFFSET ?"
            )
        }
    }

    /// `rows` by the `(takenAt, id)` index, each row checked against `filter`.
    static func orderedRows(
        from cursor: PageCursor?, _ walk: Walk, filter: PhotoFilter, in db: Database
    ) throws -> [PhotoRecord] {
        let keyset = walk.sql(takenAt: "photo.takenAt", id: "photo.id")
        var conditions = filter.sqlConditions
        if let cursor { conditions.append((keyset.comparison, [cursor.takenAt, cursor.id])) }
        var sql = "SELECT \(PhotoRecord.positionalColumns) FROM photo"
        var arguments = StatementArguments()
        for (index, condition) in conditions.enumerated() {
            sql += (index == 0 ? " WHERE " : " AND ") + condition.sql
            arguments += condition.arguments
        }
        sql += keyset.tail
        arguments += [walk.limit, walk.offset]
        return try positionalPhotos(sql, arguments: arguments, in: db)
    }

    /// `rows` of photos carrying every tag in `tags`: a walk of the rarest tag's date index, each row checked
    /// for the other tags. A missing tag matches nothing.
    static func tagRows(from cursor: PageCursor?, _ walk: Walk, tags: [String], in db: Database) throws -> [PhotoRecord]
    {
        guard let ids = try tagIDs(tags, in: db) else { return [] }
        let keyset = walk.sql(takenAt: "photoTag.takenAt", id: "photoTag.photoId")
        var sql = """
            SELECT \(PhotoRecord.positionalColumns) FROM photoTag JOIN photo ON photo.id = photoTag.photoId
            WHERE photoTag.tagId = ?
            """
        var arguments: StatementArguments = [ids[0]]
        if let cursor {
            sql += " AND " + keyset.comparison
            arguments += [cursor.takenAt, cursor.id]
        }
        let others = otherTagsCondition(ids)
        sql += others.sql
        arguments += others.arguments
        sql += keyset.tail
        arguments += [walk.limit, walk.offset]
        return try positionalPhotos(sql, arguments: arguments, in: db)
    }

    /// `rows` of a set's photos: a walk of the set's date index, each row checked for the filter's tags.
    static func setRows(
        from cursor: PageCursor?, _ walk: Walk, set: PhotoSet, filter: PhotoFilter, in db: Database
    ) throws -> [PhotoRecord] {
        let members = set.members
        let keyset = walk.sql(takenAt: "\(members.table).takenAt", id: "\(members.table).photoId")
        var sql = """
            SELECT \(PhotoRecord.positionalColumns) FROM \(members.table) JOIN photo ON photo.id = \(members.table).photoId
            WHERE \(members.condition)
            """
        var arguments = members.arguments
        if let cursor {
            sql += " AND " + keyset.comparison
            arguments += [cursor.takenAt, cursor.id]
        }
        let tags = filter.tagsCondition(on: "\(members.table).photoId")
        sql += tags.sql + keyset.tail
        arguments += tags.arguments
        arguments += [walk.limit, walk.offset]
        return try positionalPhotos(sql, arguments: arguments, in: db)
    }

    /// A set's photos, from the kept counts (migration v13); 0 for an album that does not exist.
    static func setCount(_ set: PhotoSet, in db: Database) throws -> Int {
        switch set {
        case .favorites: try Int.fetchOne(db, sql: "SELECT count FROM favoriteCount") ?? 0
        case .album(let id):
            try Int.fetchOne(db, sql: "SELECT photoCount FROM album WHERE id = ?", arguments: [id]) ?? 0
        case .link(let slug):
            try Int.fetchOne(db, sql: "SELECT photoCount FROM link WHERE slug = ?", arguments: [slug]) ?? 0
        }
    }

    /// The ids of `tags`, rarest first (its date index is the shortest walk); nil when some tag has no photo.
    static func tagIDs(_ tags: [String], in db: Database) throws -> [Int64]? {
        let marks = Array(repeating: "?", count: tags.count).joined(separator: ",")
        let known = try Int64.fetchAll(
            db, sql: "SELECT id FROM tag WHERE name IN (\(marks)) ORDER BY photoCount, id",
            arguments: StatementArguments(tags))
        // Tag names compare as NOCASE does (ASCII letters only), so each given name finds at most one row;
        // fewer rows than distinct names means some tag has no photo.
        let distinct = Set(tags.map(Self.asciiLowercased)).count
        return !known.isEmpty && known.count == distinct ? known : nil
    }

    /// ` AND EXISTS …` per tag after the rarest (`ids[0]`, the walked one): the row's photo carries it too.
    static func otherTagsCondition(_ ids: [Int64]) -> (sql: String, arguments: StatementArguments) {
        var sql = ""
        var arguments = StatementArguments()
        for other in ids.dropFirst() {
            sql +=
                " AND EXISTS (SELECT 1 FROM photoTag AS other WHERE other.photoId = photoTag.photoId AND other.tagId = ?)"
            arguments += [other]
        }
        return (sql, arguments)
    }

    /// NOCASE's folding: A–Z to a–z, every other byte as it is.
    static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
    }
}
