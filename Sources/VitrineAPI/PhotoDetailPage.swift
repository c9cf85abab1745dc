/// `GET /api/v1/details`: one page of the newest-first order with each photo's full record, for a client
/// that keeps every detail (a mirror, a backup, an export) and would otherwise ask for each photo in turn.
public struct PhotoDetailPage: Codable, Sendable, Equatable {
    public var items: [PhotoDetail]
    /// Pass back as `cursor` for the next (older) page; `null` on the last page.
    public var nextCursor: String?
    /// Photos matching the page's filter.
    public var total: Int

    public init(items: [PhotoDetail], nextCursor: String?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor, total }

    /// Writes `nextCursor: null` explicitly, as `PhotoPage` does: clients test for null, not a missing key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(total, forKey: .total)
    }
}
