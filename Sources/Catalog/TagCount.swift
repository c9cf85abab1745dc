/// A tag and how many photos carry it.
public struct TagCount: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
