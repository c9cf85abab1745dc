/// `POST /api/v1/links` and `PATCH /api/v1/links/{slug}`: a missing key leaves the field alone; `null`
/// clears `expiresAt` or `password`. A link shares `albumId`, or else the `photos` chosen on creation.
public struct LinkChange: Codable, Sendable, Equatable {
    public var albumId: String?
    public var photos: Selection?
    public var title: String?
    /// ISO-8601 with a zone.
    public var expiresAt: String??
    public var password: String??
    public var allowDownload: Bool?
    public var allowUpload: Bool?
    public var showLocation: Bool?
    /// False makes an upload-only link (a "file drop"): its visitors see no photos.
    public var showPhotos: Bool?

    public init(
        albumId: String? = nil, photos: Selection? = nil, title: String? = nil, expiresAt: String?? = nil,
        password: String?? = nil, allowDownload: Bool? = nil, allowUpload: Bool? = nil, showLocation: Bool? = nil,
        showPhotos: Bool? = nil
    ) {
        self.albumId = albumId
        self.photos = photos
        self.title = title
        self.expiresAt = expiresAt
        self.password = password
        self.allowDownload = allowDownload
        self.allowUpload = allowUpload
        self.showLocation = showLocation
        self.showPhotos = showPhotos
    }

    enum CodingKeys: String, CodingKey {
        case albumId, photos, title, expiresAt, password, allowDownload, allowUpload, showLocation, showPhotos
    }

    /// Tells a `null` (clear it) from a missing key (leave it) for `expiresAt` and `password`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        albumId = try c.decodeIfPresent(String.self, forKey: .albumId)
        photos = try c.decodeIfPresent(Selection.self, forKey: .photos)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        if c.contains(.expiresAt) {
            expiresAt = .some(try c.decodeNil(forKey: .expiresAt) ? nil : try c.decode(String.self, forKey: .expiresAt))
        }
        if c.contains(.password) {
            password = .some(try c.decodeNil(forKey: .password) ? nil : try c.decode(String.self, forKey: .password))
        }
        allowDownload = try c.decodeIfPresent(Bool.self, forKey: .allowDownload)
        allowUpload = try c.decodeIfPresent(Bool.self, forKey: .allowUpload)
        showLocation = try c.decodeIfPresent(Bool.self, forKey: .showLocation)
        showPhotos = try c.decodeIfPresent(Bool.self, forKey: .showPhotos)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(albumId, forKey: .albumId)
        try c.encodeIfPresent(photos, forKey: .photos)
        try c.encodeIfPresent(title, forKey: .title)
        if let expiresAt { try c.encode(expiresAt, forKey: .expiresAt) }
        if let password { try c.encode(password, forKey: .password) }
        try c.encodeIfPresent(allowDownload, forKey: .allowDownload)
        try c.encodeIfPresent(allowUpload, forKey: .allowUpload)
        try c.encodeIfPresent(showLocation, forKey: .showLocation)
        try c.encodeIfPresent(showPhotos, forKey: .showPhotos)
    }
}

/// A share link as its owner sees it.
public struct ShareLink: Codable, Sendable, Equatable {
    public var slug: String
    /// The page to send: `/s/{slug}` on this server's public URL.
    public var url: String
    public var albumId: String?
    public var title: String
    public var photoCount: Int
    public var createdAt: String
    public var expiresAt: String?
    public var hasPassword: Bool
    public var allowDownload: Bool
    public var allowUpload: Bool
    public var showLocation: Bool
    /// False for an upload-only link (a "file drop").
    public var showPhotos: Bool
    /// Photos visitors uploaded through the link, ever (bounded per link).
    public var uploadCount: Int
    public var views: Int
    public var lastViewedAt: String?

    public init(
        slug: String, url: String, albumId: String?, title: String, photoCount: Int, createdAt: String,
        expiresAt: String?, hasPassword: Bool, allowDownload: Bool, allowUpload: Bool, showLocation: Bool,
        showPhotos: Bool = true, uploadCount: Int = 0, views: Int, lastViewedAt: String?
    ) {
        self.slug = slug
        self.url = url
        self.albumId = albumId
        self.title = title
        self.photoCount = photoCount
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.hasPassword = hasPassword
        self.allowDownload = allowDownload
        self.allowUpload = allowUpload
        self.showLocation = showLocation
        self.showPhotos = showPhotos
        self.uploadCount = uploadCount
        self.views = views
        self.lastViewedAt = lastViewedAt
    }
}

/// `GET /api/v1/links`: every link, newest first.
public struct LinkList: Codable, Sendable, Equatable {
    public var items: [ShareLink]

    public init(items: [ShareLink]) { self.items = items }
}

/// `GET /api/v1/links/{slug}`: what a visitor's page shows before any photo. Without the password's
/// cookie, only the title and that a password is needed.
public struct LinkInfo: Codable, Sendable, Equatable {
    public var title: String
    public var passwordRequired: Bool
    /// Absent until the password is given, and for an upload-only link.
    public var photoCount: Int?
    public var allowDownload: Bool
    public var allowUpload: Bool
    /// False for an upload-only link ("file drop"): its photos, timeline and files answer 403 `upload_only`.
    public var showPhotos: Bool
    public var expiresAt: String?

    public init(
        title: String, passwordRequired: Bool, photoCount: Int?, allowDownload: Bool, allowUpload: Bool,
        showPhotos: Bool = true, expiresAt: String?
    ) {
        self.title = title
        self.passwordRequired = passwordRequired
        self.photoCount = photoCount
        self.allowDownload = allowDownload
        self.allowUpload = allowUpload
        self.showPhotos = showPhotos
        self.expiresAt = expiresAt
    }
}

/// `POST /api/v1/links/{slug}/session`.
public struct LinkPasswordBody: Codable, Sendable, Equatable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// `POST /api/v1/links/{slug}/photos`: the upload was received. `id` names the new photo when the link
/// shows its photos; it is absent for an upload-only link, and for a file the library already held (which
/// is not added to the link).
public struct LinkUploadResult: Codable, Sendable, Equatable {
    public var id: String?

    public init(id: String?) { self.id = id }
}
