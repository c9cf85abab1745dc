import Catalog
import GRDB

extension PhotoFilter {
    /// An FTS5 pattern of quoted prefix terms, or nil when the query has no searchable word.
    ///
    /// Words are split by Unicode scalar (`SearchTerms`), so FTS5 syntax in user input (`AND`, `NEAR`, `*`,
    /// `"`, `:`) is inert.
    var ftsPattern: String? { query.flatMap(SearchTerms.ftsPattern(for:)) }

    /// One tag's condition on `photo.id`, with the tag's name as its argument.
    static let tagClause =
        "photo.id IN (SELECT photoId FROM photoTag JOIN tag ON tag.id = photoTag.tagId WHERE tag.name = ?)"

    func apply(to request: QueryInterfaceRequest<PhotoRecord>) -> QueryInterfaceRequest<PhotoRecord> {
        sqlConditions.reduce(request) { $0.filter(sql: $1.sql, arguments: $1.arguments) }
    }

    /// The filter's conditions on the `photo` table, each with its arguments.
    var sqlConditions: [(sql: String, arguments: StatementArguments)] {
        var conditions: [(sql: String, arguments: StatementArguments)] = []
        if let pattern = ftsPattern {
            conditions.append(("photo.rowid IN (SELECT rowid FROM photoSearch WHERE photoSearch MATCH ?)", [pattern]))
        }
        for tag in tags { conditions.append((Self.tagClause, [tag])) }
        if let set { conditions.append(set.photoCondition) }
        return conditions
    }

    /// The set whose own date index pages walk: without text, a set's pages, counts and offsets read its
    /// member rows in date order, each checked for the tags.
    var walkedSet: PhotoSet? { ftsPattern == nil ? set : nil }

    /// One `AND EXISTS …` per tag, on the photo `photoId` names (a column of the walked table).
    func tagsCondition(on photoId: String) -> (sql: String, arguments: StatementArguments) {
        var sql = ""
        var arguments = StatementArguments()
        for tag in tags {
            sql +=
                " AND EXISTS (SELECT 1 FROM photoTag JOIN tag ON tag.id = photoTag.tagId WHERE photoTag.photoId = \(photoId) AND tag.name = ?)"
            arguments += [tag]
        }
        return (sql, arguments)
    }
}

extension PhotoSet {
    /// The table of the set's members (`photoId`, `takenAt`), and the condition that picks this set's rows.
    var members: (table: String, condition: String, arguments: StatementArguments) {
        switch self {
        case .favorites: ("favorite", "1", [])
        case .album(let id): ("albumPhoto", "albumPhoto.albumId = ?", [id])
        case .link(let slug): ("linkPhoto", "linkPhoto.slug = ?", [slug])
        }
    }

    /// The set as a condition on `photo.id`, for text searches narrowed to it.
    var photoCondition: (sql: String, arguments: StatementArguments) {
        let members = members
        return (
            "photo.id IN (SELECT photoId FROM \(members.table) WHERE \(members.condition))", members.arguments
        )
    }
}

extension ResourceField {
    /// The SQL expression behind a stored field; nil for URLs, which are built per request from the base URL.
    /// Fixed strings only: user text never reaches the SQL, it is bound as an argument.
    var column: String? {
        switch self {
        case .objectId: "photoCompat.objectId"
        case .createdAt: "photo.importedAt"
        case .updatedAt: "photo.updatedAt"
        case .filename: "photo.originalName"
        case .width: "photo.width"
        case .height: "photo.height"
        case .thumbnailURLString, .fileURLString: nil
        }
    }
}
