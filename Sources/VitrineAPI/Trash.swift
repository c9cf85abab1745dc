/// One photo in the trash. Its files are reached at the trash's own URLs (`/api/v1/trash/{id}/thumb`,
/// `…/preview`, `…/original`), which only the admin reaches: a trashed photo's public asset URLs answer 404.
public struct TrashItem: Codable, Sendable, Equatable {
    public var id: String
    public var width: Int
    public var height: Int
    /// The title, or the original file name when there is none.
    public var title: String
    /// ISO-8601; see `TakenAtFormatter` for how an unknown zone is written.
    public var takenAt: String
    public var placeholder: Placeholder
    public var thumb: String
    public var preview: String
    public var original: String
    /// ISO-8601, UTC.
    public var trashedAt: String
    /// When it will be purged for good, ISO-8601, UTC.
    public var purgeAt: String

    public init(
        id: String, width: Int, height: Int, title: String, takenAt: String, placeholder: Placeholder,
        thumb: String, preview: String, original: String, trashedAt: String, purgeAt: String
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.title = title
        self.takenAt = takenAt
        self.placeholder = placeholder
        self.thumb = thumb
        self.preview = preview
        self.original = original
        self.trashedAt = trashedAt
        self.purgeAt = purgeAt
    }
}

/// `GET /api/v1/trash`: one page, most recently trashed first.
public struct TrashList: Codable, Sendable, Equatable {
    public var items: [TrashItem]
    public var nextCursor: String?
    /// Photos in the whole trash.
    public var total: Int
    /// How many days a trashed photo is kept.
    public var days: Int

    public init(items: [TrashItem], nextCursor: String?, total: Int, days: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
        self.days = days
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor, total, days }

    /// Writes `nextCursor: null` explicitly, as the photo pages do.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(total, forKey: .total)
        try container.encode(days, forKey: .days)
    }
}

/// `POST /api/v1/trash/restore` and the photo selections other bulk routes take.
public struct PhotoIDs: Codable, Sendable, Equatable {
    public var ids: [String]

    public init(ids: [String]) { self.ids = ids }
}

/// What `POST /api/v1/trash/restore` did, per id.
public struct RestoreResult: Codable, Sendable, Equatable {
    /// Back in the library under their own ids.
    public var restored: [String]
    /// Trashed id → the photo of the same file imported since, which kept its place and took the tags.
    public var merged: [String: String]
    /// Not in the trash (never there, restored already, or purged).
    public var missing: [String]

    public init(restored: [String] = [], merged: [String: String] = [:], missing: [String] = []) {
        self.restored = restored
        self.merged = merged
        self.missing = missing
    }
}
