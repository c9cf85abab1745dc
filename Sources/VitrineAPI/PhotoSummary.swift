/// One item of a page: everything a grid needs to lay out and draw a tile, nothing more.
public struct PhotoSummary: Codable, Sendable, Equatable {
    public var id: String
    /// As displayed (after EXIF orientation).
    public var width: Int
    public var height: Int
    /// The title, or the original file name when there is none.
    public var title: String
    /// ISO-8601; see `TakenAtFormatter` for how an unknown zone is written.
    public var takenAt: String
    public var placeholder: Placeholder
    /// The thumbnail URL answers WebP or JPEG depending on `Accept`; its size is the same either way.
    public var thumb: VariantInfo
    /// A quarter of the thumb's pixels (204 px short edge), for tiles drawn at one device pixel per CSS
    /// pixel; absent until made for photos imported before it existed. WebP, or the JPEG thumb by `Accept`.
    public var small: VariantInfo?
    public var preview: VariantInfo
    public var original: VariantInfo
    /// `processing` while the photo waits for its render, `failed` when it could not be rendered; left out
    /// once it is ready. Until then its thumb and preview have no URL and no size, and the placeholder is
    /// empty: a client draws a processing tile and swaps it when the feed announces the photo updated.
    public var status: String?
    /// `video` for a clip, whose thumb and preview are its poster frame's; left out for photos.
    public var kind: String?
    /// A clip's length in seconds; left out for photos.
    public var duration: Double?
    /// What a browser plays for a clip; left out for photos.
    public var video: VideoVariant?
    /// A Live or Motion Photo's clip, played while the photo is held; left out for other photos and clips.
    public var motion: VideoVariant?

    public init(
        id: String, width: Int, height: Int, title: String, takenAt: String, placeholder: Placeholder,
        thumb: VariantInfo, small: VariantInfo? = nil, preview: VariantInfo, original: VariantInfo,
        status: String? = nil, kind: String? = nil, duration: Double? = nil, video: VideoVariant? = nil,
        motion: VideoVariant? = nil
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.title = title
        self.takenAt = takenAt
        self.placeholder = placeholder
        self.thumb = thumb
        self.small = small
        self.preview = preview
        self.original = original
        self.status = status
        self.kind = kind
        self.duration = duration
        self.video = video
        self.motion = motion
    }
}

/// `GET /api/v1/photos`: one page, newest first.
public struct PhotoPage: Codable, Sendable, Equatable {
    public var items: [PhotoSummary]
    /// Pass back as `cursor` for the next (older) page; `null` on the last page.
    public var nextCursor: String?
    /// Pass back as `after` for the page just newer than this one; left out when no newer photo matches or the
    /// page began at the top, so clients that never ask for a position see the page they always saw.
    public var previousCursor: String?
    /// Photos in the whole catalog.
    public var total: Int
    /// On a page `around` a photo only: where that photo sits in its month, so a client laid out in month
    /// sections (`Timeline`) can place it at once; left out on every other page.
    public var position: Position?

    public init(
        items: [PhotoSummary], nextCursor: String?, previousCursor: String? = nil, total: Int,
        position: Position? = nil
    ) {
        self.items = items
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        self.total = total
        self.position = position
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor, previousCursor, position, total }

    /// Writes `nextCursor: null` explicitly (clients test for null, not for a missing key) and
    /// `previousCursor` and `position` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(previousCursor, forKey: .previousCursor)
        try container.encodeIfPresent(position, forKey: .position)
        try container.encode(total, forKey: .total)
    }
}
