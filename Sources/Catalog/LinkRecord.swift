import VitrineCore

/// A share link: a slug that opens one album, or a set of photos chosen for it, to whoever holds it.
public struct LinkRecord: Sendable, Equatable {
    /// At least 128 random bits (`LinkSlug`); the whole credential.
    public var slug: String
    /// The album it shares; nil shares the photos chosen for it (`PhotoSet.link`).
    public var albumId: String?
    public var title: String
    /// Milliseconds since the epoch.
    public var createdAt: Int64
    /// Past it the link answers 410; nil never expires.
    public var expiresAt: Int64?
    /// A salted, slow hash (`LinkPassword`); nil asks for none.
    public var passwordHash: String?
    public var allowsDownload: Bool
    public var allowsUpload: Bool
    /// Whether visitors see where photos were taken.
    public var showsLocation: Bool
    /// False makes an upload-only link (a "file drop"): visitors may add photos (with `allowsUpload`) but
    /// see none, not even their own, so a link handed to many people never shows one's photos to another.
    public var showsPhotos: Bool
    public var views: Int
    public var lastViewedAt: Int64?

    public init(
        slug: String, albumId: String? = nil, title: String = "", createdAt: Int64, expiresAt: Int64? = nil,
        passwordHash: String? = nil, allowsDownload: Bool = true, allowsUpload: Bool = false,
        showsLocation: Bool = false, showsPhotos: Bool = true, views: Int = 0, lastViewedAt: Int64? = nil
    ) {
        self.slug = slug
        self.albumId = albumId
        self.title = title
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.passwordHash = passwordHash
        self.allowsDownload = allowsDownload
        self.allowsUpload = allowsUpload
        self.showsLocation = showsLocation
        self.showsPhotos = showsPhotos
        self.views = views
        self.lastViewedAt = lastViewedAt
    }

    /// The photos a visitor sees.
    public var set: PhotoSet { albumId.map(PhotoSet.album) ?? .link(slug) }
}

/// Share links, and what a visitor may reach through one.
public protocol ShareLinks: Sendable {
    /// Creates the link, with `photos` as its own set when it shares no album. Throws
    /// `CatalogError.duplicate` when the slug is taken.
    func createLink(_ link: LinkRecord, photos: PhotoSelection?) async throws
    /// Every link, newest first.
    func links() async throws -> [LinkRecord]
    func link(slug: String) async throws -> LinkRecord?
    /// Stores every field but the slug, the album, the creation time and the counts; false when gone.
    func updateLink(_ link: LinkRecord) async throws -> Bool
    func deleteLink(slug: String) async throws -> Bool
    /// Counts one visit.
    func recordView(slug: String, at: Int64) async throws
    /// Whether the photo is one the link shares.
    func linkShares(slug: String, photoId: String) async throws -> Bool
    /// A variant stored under `blobKey` of a photo the link shares; nil when none is. Photos may share a
    /// blob (two files that differ only in their metadata make the same thumbnail), so this asks for one
    /// among the link's photos rather than for the blob's owner.
    func linkVariant(slug: String, blobKey: BlobKey) async throws -> VariantRecord?
    /// Notes that a visitor uploaded the photo through the link, unless the link already took `limit`
    /// uploads: false then, and nothing is recorded. The count and the entry are one step, so uploads at
    /// the same moment never pass the bound together. A log kept apart from the photo and the link, so it
    /// outlives both (a trashed or restored upload still counts against the link's bound). Recording the
    /// same photo twice for one link keeps one entry (and is true).
    func recordLinkUpload(slug: String, photoId: String, at: Int64, limit: Int) async throws -> Bool
    /// How many photos were uploaded through the link, ever.
    func linkUploadCount(slug: String) async throws -> Int
    /// The links a photo was uploaded through, oldest first.
    func uploadLinks(photoId: String) async throws -> [String]
}
