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
        return conditions
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
