/// What a person may change about a photo; a nil field is left as it is.
public struct CatalogEdit: Sendable, Equatable {
    /// `.some(nil)` or an empty string clears the title (the file name shows instead).
    public var title: String??
    /// Replaces every tag.
    public var tags: [String]?

    public init(title: String?? = nil, tags: [String]? = nil) {
        self.title = title
        self.tags = tags
    }
}
