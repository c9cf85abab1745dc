/// Narrows a page to photos matching a full-text query and carrying every given tag.
public struct PhotoFilter: Sendable, Equatable {
    /// Free text; each word must match (as a prefix) the title, file name, tags or camera.
    public var query: String?
    /// Tag names, combined with AND, compared without case.
    public var tags: [String]
    /// Only the photos of one album, or the favourites.
    public var set: PhotoSet?

    public init(query: String? = nil, tags: [String] = [], set: PhotoSet? = nil) {
        self.query = query
        self.tags = tags
        self.set = set
    }

    public var isEmpty: Bool { words.isEmpty && tags.isEmpty && set == nil }

    /// The words the query searches for (`SearchTerms`), so syntax in user input is never syntax to a catalog.
    public var words: [String] { query.map(SearchTerms.words(in:)) ?? [] }
}
