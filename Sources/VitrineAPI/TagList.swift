/// `GET /api/v1/tags`: every tag in use, most used first.
public struct TagList: Codable, Sendable, Equatable {
    public struct Tag: Codable, Sendable, Equatable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public var tags: [Tag]

    public init(tags: [Tag]) { self.tags = tags }
}
