import GRDB

/// Narrows a page to photos matching a full-text query and carrying every given tag.
public struct PhotoFilter: Sendable, Equatable {
    /// Free text; each word must match (as a prefix) the title, file name, tags or camera.
    public var query: String?
    /// Tag names, combined with AND, compared without case.
    public var tags: [String]

    public init(query: String? = nil, tags: [String] = []) {
        self.query = query
        self.tags = tags
    }

    public var isEmpty: Bool { ftsPattern == nil && tags.isEmpty }

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
