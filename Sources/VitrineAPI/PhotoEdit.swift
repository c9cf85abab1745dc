/// `PATCH /api/v1/photos/{id}`: the fields to change. A missing key leaves the field alone; a null or
/// empty `title` clears it (the file name shows instead); `tags` replaces every tag; `favorite` adds it to
/// the favourites or takes it out.
public struct PhotoEdit: Codable, Sendable, Equatable {
    public var title: String??
    public var tags: [String]?
    public var favorite: Bool?

    public init(title: String?? = nil, tags: [String]? = nil, favorite: Bool? = nil) {
        self.title = title
        self.tags = tags
        self.favorite = favorite
    }

    enum CodingKeys: String, CodingKey { case title, tags, favorite }

    /// Tells a `null` title (clear it) from a missing one (leave it), which synthesized decoding cannot.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.title) {
            title = .some(
                try container.decodeNil(forKey: .title) ? nil : try container.decode(String.self, forKey: .title))
        }
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let title { try container.encode(title, forKey: .title) }
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(favorite, forKey: .favorite)
    }
}

/// `POST /api/v1/photos`: the stored photo, and whether it was there already.
public struct UploadResult: Codable, Sendable, Equatable {
    public var photo: PhotoDetail
    public var duplicate: Bool

    public init(photo: PhotoDetail, duplicate: Bool) {
        self.photo = photo
        self.duplicate = duplicate
    }
}

/// `GET /api/v1/session`: what this server asks of readers and what the caller may do.
public struct SessionInfo: Codable, Sendable, Equatable {
    public var `private`: Bool
    public var admin: Bool

    public init(private: Bool, admin: Bool) {
        self.private = `private`
        self.admin = admin
    }
}
