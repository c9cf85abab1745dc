/// Reads for the compatible APIs: Pixabay searches and Parse `Resource` queries, both offset-paged.
public protocol CompatReading: Sendable {
    /// A Pixabay search: matches, ordered, one page of them, and how many matched.
    func compatSearch(_ search: CompatSearch) async throws -> CompatPage
    /// A Parse query on `Resource`. `total` is counted only when `counting` (Parse's `count=1`).
    func resources(_ query: ResourceQuery, counting: Bool) async throws -> (items: [CompatPhoto], total: Int?)
    /// One photo by its Parse object id.
    func compatPhoto(objectId: String) async throws -> CompatPhoto?
}
