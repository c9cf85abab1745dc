import Catalog
import GRDB

/// Reads for the compatible APIs: Pixabay searches and Parse `Resource` queries, both offset-paged
/// (their protocols page by number), each one parameterised statement over `photo` joined to `photoCompat`.
extension SQLiteCatalog {
    static let compatSelect = """
        SELECT photo.*, photoCompat.number AS compatNumber, photoCompat.objectId AS compatObjectId,
               \(integer("photoCompat.views", as: "compatViews")),
               \(integer("photoCompat.downloads", as: "compatDownloads"))
        FROM photo JOIN photoCompat ON photoCompat.photoId = photo.id
        """
    static let compatCount = "SELECT COUNT(*) FROM photo JOIN photoCompat ON photoCompat.photoId = photo.id"

    /// A Pixabay search: matches, ordered, one page of them, and how many matched.
    public func compatSearch(_ search: CompatSearch) async throws -> CompatPage {
        var clauses: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let pattern = search.filter.ftsPattern {
            clauses.append("photo.rowid IN (SELECT rowid FROM photoSearch WHERE photoSearch MATCH ?)")
            arguments.append(pattern)
        }
        if let number = search.number {
            clauses.append("photoCompat.number = ?")
            arguments.append(number)
        }
        switch search.orientation {
        case .all: break
        case .horizontal: clauses.append("photo.width > photo.height")
        case .vertical: clauses.append("photo.height > photo.width")
        }
        if search.minWidth > 0 {
            clauses.append("photo.width >= ?")
            arguments.append(search.minWidth)
        }
        if search.minHeight > 0 {
            clauses.append("photo.height >= ?")
            arguments.append(search.minHeight)
        }
        if search.grayscaleOnly {
            clauses.append("photo.colorfulness < ?")
            arguments.append(Colorfulness.grayscaleThreshold)
        }
        if let kind = search.kind {
            clauses.append("photo.kind = ?")
            arguments.append(kind.rawValue)
        }
        let order =
            switch search.order {
            // Most opened and downloaded first; newest import breaks ties, the number makes the order total.
            case .popular:
                "photoCompat.views + photoCompat.downloads DESC, photo.importedAt DESC, photoCompat.number DESC"
            case .latest: "photo.importedAt DESC, photoCompat.number DESC"
            }
        return try await compatPage(
            clauses: clauses, arguments: arguments, order: order, offset: search.offset, limit: search.limit,
            counting: true)
    }

    /// A Parse query on `Resource`. `total` is counted only when `counting` (Parse's `count=1`).
    public func resources(_ query: ResourceQuery, counting: Bool) async throws -> (items: [CompatPhoto], total: Int?) {
        var clauses: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        for condition in query.conditions {
            clauses.append(Self.sql(for: condition, arguments: &arguments))
        }
        var order = query.order.compactMap { sort in
            sort.field.column.map { "\($0) \(sort.descending ? "DESC" : "ASC")" }
        }
        // A total order, so skip/limit pages neither repeat nor miss a photo.
        order.append("photoCompat.number \(query.order.last?.descending == true ? "DESC" : "ASC")")
        let page = try await compatPage(
            clauses: clauses, arguments: arguments, order: order.joined(separator: ", "), offset: query.skip,
            limit: query.limit, counting: counting)
        return (page.items, counting ? page.total : nil)
    }

    /// One photo by its Parse object id.
    public func compatPhoto(objectId: String) async throws -> CompatPhoto? {
        try await compatPage(
            clauses: ["photoCompat.objectId = ?"], arguments: [objectId], order: "photoCompat.number", offset: 0,
            limit: 1, counting: false
        ).items.first
    }

    static func sql(for condition: ResourceCondition, arguments: inout [(any DatabaseValueConvertible)?]) -> String {
        switch condition {
        case .exists(_, let present):
            // Every field is always set (the URL fields are built from variants every photo has).
            return present ? "1" : "0"
        case .compare(let field, let comparison, let value):
            guard let column = field.column else { return "0" }
            arguments.append(databaseValue(value))
            return "\(column) \(comparison.rawValue) ?"
        case .contained(let field, let values, let negated):
            guard let column = field.column else { return negated ? "1" : "0" }
            guard !values.isEmpty else { return negated ? "1" : "0" }
            arguments.append(contentsOf: values.map(databaseValue))
            let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
            return "\(column) \(negated ? "NOT IN" : "IN") (\(marks))"
        }
    }

    static func databaseValue(_ value: ResourceValue) -> (any DatabaseValueConvertible)? {
        switch value {
        case .text(let text): text
        case .number(let number): number
        case .date(let milliseconds): milliseconds
        }
    }

    func compatPage(
        clauses: [String], arguments: [(any DatabaseValueConvertible)?], order: String, offset: Int, limit: Int,
        counting: Bool
    ) async throws -> CompatPage {
        let whereSQL = clauses.isEmpty ? "" : " WHERE " + clauses.map { "(\($0))" }.joined(separator: " AND ")
        // Plain values cross to the executor's thread; GRDB's argument list is built there.
        let arguments = arguments.map { $0?.databaseValue ?? .null }
        return try await read { db in
            let total =
                counting
                ? try Int.fetchOne(db, sql: Self.compatCount + whereSQL, arguments: StatementArguments(arguments)) ?? 0
                : 0
            guard limit > 0 else { return CompatPage(total: total, items: []) }
            let rows = try Row.fetchAll(
                db, sql: Self.compatSelect + whereSQL + " ORDER BY \(order) LIMIT ? OFFSET ?",
                arguments: StatementArguments(arguments + [limit.databaseValue, offset.databaseValue]))
            let ids = rows.map { $0["id"] as String }
            let variants = try Self.variants(of: ids, in: db)
            let tags = try Self.tags(of: ids, in: db)
            let items = try rows.map { row in
                let photo = try PhotoRecord(row: row)
                return CompatPhoto(
                    item: PhotoWithVariants(photo: photo, variants: variants[photo.id] ?? [:]),
                    tags: tags[photo.id] ?? [], number: row["compatNumber"], objectId: row["compatObjectId"],
                    views: row["compatViews"], downloads: row["compatDownloads"])
            }
            return CompatPage(total: total, items: items)
        }
    }

    /// Tags of many photos in one query, each list in name order.
    static func tags(of ids: [String], in db: Database) throws -> [String: [String]] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        var result: [String: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT photoTag.photoId AS photoId, tag.name AS name FROM photoTag JOIN tag ON tag.id = photoTag.tagId
                WHERE photoTag.photoId IN (\(marks)) ORDER BY tag.name COLLATE NOCASE
                """,
            arguments: StatementArguments(ids))
        {
            result[row["photoId"], default: []].append(row["name"])
        }
        return result
    }
}
