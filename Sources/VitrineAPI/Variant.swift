/// Where to fetch one rendition of a photo, and its pixel size (so a client can lay out before loading).
public struct VariantInfo: Codable, Sendable, Equatable {
    public var url: String
    public var width: Int
    public var height: Int

    public init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
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
