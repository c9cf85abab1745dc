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
        var request = request
        if let pattern = ftsPattern {
            request = request.filter(
                sql: "rowid IN (SELECT rowid FROM photoSearch WHERE photoSearch MATCH ?)", arguments: [pattern])
        }
        for tag in tags {
            request = request.filter(sql: Self.tagClause, arguments: [tag])
        }
        return request
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
