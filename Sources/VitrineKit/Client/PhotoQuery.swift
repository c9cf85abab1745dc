import Foundation

/// What `GET /api/v1/photos` is asked for: a filter, an order, a page size and where the page starts.
public struct PhotoQuery: Sendable, Equatable {
    public enum Order: String, Sendable {
        case date
        /// BM25 rank; needs `text`, and pages only from the top or by `cursor`.
        case relevance
    }

    /// Where a page starts. At most one per request; `.top` is the newest photo.
    public enum Position: Sendable, Equatable {
        case top
        /// The page after one: its `nextCursor`.
        case cursor(String)
        /// The page just newer than one: its `previousCursor`.
        case after(String)
        /// Photos taken strictly before an ISO 8601 instant (`2025-11-01`, `2025-11-01T12:00:00Z`).
        case before(String)
        /// A page centred on a photo, with cursors both ways.
        case around(id: String)
        /// `offset` photos below the newest photo of a UTC month.
        case month(year: Int, month: Int, offset: Int)
    }

    /// 1–400; the server's default is 20.
    public var limit: Int?
    public var text: String?
    /// Every tag must match.
    public var tags: [String]
    public var order: Order
    public var position: Position
    /// Only this album's photos.
    public var album: String?
    /// Only the favourites.
    public var favorite: Bool

    public init(
        limit: Int? = nil, text: String? = nil, tags: [String] = [], order: Order = .date,
        position: Position = .top, album: String? = nil, favorite: Bool = false
    ) {
        self.limit = limit
        self.text = text
        self.tags = tags
        self.order = order
        self.position = position
        self.album = album
        self.favorite = favorite
    }

    /// The same filter and order, starting somewhere else.
    public func at(_ position: Position) -> PhotoQuery {
        var query = self
        query.position = position
        return query
    }

    var filterItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let text, !text.isEmpty { items.append(URLQueryItem(name: "q", value: text)) }
        for tag in tags { items.append(URLQueryItem(name: "tag", value: tag)) }
        if let album { items.append(URLQueryItem(name: "album", value: album)) }
        if favorite { items.append(URLQueryItem(name: "favorite", value: "true")) }
        return items
    }

    var queryItems: [URLQueryItem] {
        var items = filterItems
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if order == .relevance { items.append(URLQueryItem(name: "order", value: "relevance")) }
        switch position {
        case .top: break
        case .cursor(let cursor): items.append(URLQueryItem(name: "cursor", value: cursor))
        case .after(let cursor): items.append(URLQueryItem(name: "after", value: cursor))
        case .before(let instant): items.append(URLQueryItem(name: "before", value: instant))
        case .around(let id): items.append(URLQueryItem(name: "around", value: id))
        case .month(let year, let month, let offset):
            let yyyy = year < 0 ? "-" + Self.padded(-year, 4) : Self.padded(year, 4)
            items.append(URLQueryItem(name: "month", value: yyyy + "-" + Self.padded(month, 2)))
            items.append(URLQueryItem(name: "offset", value: String(offset)))
        }
        return items
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
