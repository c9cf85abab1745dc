import Foundation

/// How urgently an image is wanted; the download queue starts higher priorities first.
public enum ImagePriority: Int, Comparable, Sendable, CaseIterable {
    case veryLow, low, normal, high, veryHigh

    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// One image wanted: where it is, how urgently, and what size.
///
/// Equality and hashing leave out `priority`: two requests for the same image at different priorities
/// are the same image.
public struct ImageRequest: Hashable, Sendable {
    public var url: URL
    public var priority: ImagePriority
    /// The photo's size as the API describes it (a `PhotoSummary` variant), delivered with the bytes
    /// where nothing decodes them.
    public var pixelSize: PixelSize?
    /// The size a decoder downsamples to (ImageIO on Apple platforms); nil keeps the full size.
    public var targetSize: PixelSize?

    public init(
        url: URL, priority: ImagePriority = .normal, pixelSize: PixelSize? = nil, targetSize: PixelSize? = nil
    ) {
        self.url = url
        self.priority = priority
        self.pixelSize = pixelSize
        self.targetSize = targetSize
    }

    public static func == (lhs: ImageRequest, rhs: ImageRequest) -> Bool {
        lhs.url == rhs.url && lhs.pixelSize == rhs.pixelSize && lhs.targetSize == rhs.targetSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(pixelSize)
        hasher.combine(targetSize)
    }

    /// What identifies the decoded image in the memory cache and among in-flight work: the URL's
    /// string, which hashes faster than a `URL`.
    struct Key: Hashable, Sendable {
        let url: String
        let targetSize: PixelSize?
    }

    var key: Key { Key(url: url.absoluteString, targetSize: targetSize) }
}
