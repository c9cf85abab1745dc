/// Where to fetch one rendition of a photo, and its pixel size (so a client can lay out before loading).
public struct VariantInfo: Codable, Sendable, Equatable {
    public var url: String
    public var width: Int
    public var height: Int
    /// The JPEG sibling of a WebP thumb, when assets are served from an asset base URL (a public bucket or a
    /// CDN) that cannot choose by `Accept`: a client that does not decode WebP takes this one. Absent when
    /// `url` is Vitrine's own `/assets/…`, which negotiates.
    public var jpegUrl: String?

    public init(url: String, width: Int, height: Int, jpegUrl: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.jpegUrl = jpegUrl
    }
}

/// What a client shows before the thumbnail arrives.
public struct Placeholder: Codable, Sendable, Equatable {
    /// ThumbHash bytes, base64 (standard alphabet, padded), as the reference decoders expect.
    public var thumbHash: String
    /// `#rrggbb`.
    public var averageColor: String

    public init(thumbHash: String, averageColor: String) {
        self.thumbHash = thumbHash
        self.averageColor = averageColor
    }
}

/// Where a browser plays a video clip from: today its original, served with `Range`.
public struct VideoVariant: Codable, Sendable, Equatable {
    public var url: String
    /// As displayed, after rotation.
    public var width: Int
    public var height: Int
    /// The container's type (`video/mp4`, `video/quicktime`, `video/webm`…), for `<source type>`.
    public var mimeType: String

    public init(url: String, width: Int, height: Int, mimeType: String) {
        self.url = url
        self.width = width
        self.height = height
        self.mimeType = mimeType
    }
}
