/// A photo with its variants and its tags: what its detail shows, read at once so the parts agree.
public struct PhotoDetailRecord: Sendable, Equatable {
    public var item: PhotoWithVariants
    /// In name order, case-insensitively.
    public var tags: [String]

    public init(item: PhotoWithVariants, tags: [String]) {
        self.item = item
        self.tags = tags
    }
}
