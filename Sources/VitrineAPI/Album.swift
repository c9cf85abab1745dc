/// An album as the API shows it.
public struct Album: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var description: String
    public var photoCount: Int
    /// The photo its card shows: the chosen cover, else the newest photo in it; absent when it is empty.
    public var cover: PhotoSummary?
    /// ISO-8601, UTC.
    public var createdAt: String
    public var updatedAt: String

    public init(
        id: String, title: String, description: String, photoCount: Int, cover: PhotoSummary?, createdAt: String,
        updatedAt: String
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.photoCount = photoCount
        self.cover = cover
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /api/v1/albums`: every album, most recently changed first.
public struct AlbumList: Codable, Sendable, Equatable {
    public var items: [Album]

    public init(items: [Album]) { self.items = items }
}

/// `POST /api/v1/albums` and `PATCH /api/v1/albums/{id}`: a missing key leaves the field alone;
/// `coverPhotoId: null` goes back to the newest photo. On create, `title` is required and `photos` are added
/// at once.
public struct AlbumChange: Codable, Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var coverPhotoId: String??
    public var photos: Selection?

    public init(
        title: String? = nil, description: String? = nil, coverPhotoId: String?? = nil, photos: Selection? = nil
    ) {
        self.title = title
        self.description = description
        self.coverPhotoId = coverPhotoId
        self.photos = photos
    }

    enum CodingKeys: String, CodingKey { case title, description, coverPhotoId, photos }

    /// Tells a `null` cover (clear it) from a missing one (leave it).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        if c.contains(.coverPhotoId) {
            coverPhotoId = .some(
                try c.decodeNil(forKey: .coverPhotoId) ? nil : try c.decode(String.self, forKey: .coverPhotoId))
        }
        photos = try c.decodeIfPresent(Selection.self, forKey: .photos)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(description, forKey: .description)
        if let coverPhotoId { try c.encode(coverPhotoId, forKey: .coverPhotoId) }
        try c.encodeIfPresent(photos, forKey: .photos)
    }
}

/// Photos a bulk change names, as a selection keeps them: ids, and ranges of the newest-first order
/// (both ends included), each optionally within a search, tags, an album or the favourites.
public struct Selection: Codable, Sendable, Equatable {
    public var ids: [String]?
    public var ranges: [Range]?

    public init(ids: [String]? = nil, ranges: [Range]? = nil) {
        self.ids = ids
        self.ranges = ranges
    }

    public struct Range: Codable, Sendable, Equatable {
        /// `[takenAt ms, id]`, as a change's `sortKey`; `[takenAt ms]` alone takes every photo of that
        /// millisecond.
        public var newest: [Bound]
        public var oldest: [Bound]
        public var q: String?
        public var tags: [String]?
        public var album: String?
        public var favorite: Bool?

        public init(
            newest: [Bound], oldest: [Bound], q: String? = nil, tags: [String]? = nil, album: String? = nil,
            favorite: Bool? = nil
        ) {
            self.newest = newest
            self.oldest = oldest
            self.q = q
            self.tags = tags
            self.album = album
            self.favorite = favorite
        }
    }

    /// One element of a range's end: the time (a number) or the id (a string).
    public enum Bound: Codable, Sendable, Equatable {
        case time(Int64)
        case id(String)

        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let time = try? c.decode(Int64.self) {
                self = .time(time)
            } else {
                self = .id(try c.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .time(let time): try c.encode(time)
            case .id(let id): try c.encode(id)
            }
        }
    }
}

/// What a bulk change to an album or the favourites did.
public struct SetChange: Codable, Sendable, Equatable {
    /// Photos added (or removed) that were not (or were) there before.
    public var changed: Int

    public init(changed: Int) { self.changed = changed }
}
