/// An album: a named set of photos a person chose, kept apart from the photos themselves (deleting it
/// leaves them), with its photos' count kept as they are added and removed.
public struct AlbumRecord: Sendable, Equatable {
    /// 72 random bits, as photo ids (`PhotoID`).
    public var id: String
    public var title: String
    public var description: String
    /// The photo its card shows; nil shows the newest photo in it.
    public var coverPhotoId: String?
    /// Milliseconds since the epoch.
    public var createdAt: Int64
    public var updatedAt: Int64
    public var photoCount: Int

    public init(
        id: String, title: String, description: String = "", coverPhotoId: String? = nil, createdAt: Int64,
        updatedAt: Int64, photoCount: Int = 0
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.coverPhotoId = coverPhotoId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.photoCount = photoCount
    }
}

/// What a person may change about an album; a nil field is left as it is.
public struct AlbumEdit: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// `.some(nil)` clears the cover (the newest photo shows).
    public var coverPhotoId: String??

    public init(title: String? = nil, description: String? = nil, coverPhotoId: String?? = nil) {
        self.title = title
        self.description = description
        self.coverPhotoId = coverPhotoId
    }
}

/// A set of photos: the favourites, one album, or the photos chosen for a share link.
public enum PhotoSet: Sendable, Hashable {
    case favorites
    case album(String)
    /// The photos a link shares when it shares no album; its slug.
    case link(String)
}

/// Photos a bulk change names: ids, and ranges of the newest-first order, as a selection keeps them (a
/// range of a million photos is two positions, never a million ids).
public struct PhotoSelection: Sendable, Equatable {
    public var ids: [String]
    public var ranges: [PhotoRange]

    public init(ids: [String] = [], ranges: [PhotoRange] = []) {
        self.ids = ids
        self.ranges = ranges
    }

    public var isEmpty: Bool { ids.isEmpty && ranges.isEmpty }
}

/// Every photo matching `filter` from `newest` down to `oldest`, both included, in the newest-first order.
public struct PhotoRange: Sendable, Equatable {
    public var newest: PageCursor
    public var oldest: PageCursor
    public var filter: PhotoFilter

    public init(newest: PageCursor, oldest: PageCursor, filter: PhotoFilter = PhotoFilter()) {
        self.newest = newest
        self.oldest = oldest
        self.filter = filter
    }
}
