import Foundation

#if canImport(ImageIO)
    import CoreGraphics
#endif

/// A decoded image: the bytes, the pixel size when known, and on Apple platforms the decoded image.
public struct ImageContainer: @unchecked Sendable {
    public var data: Data
    public var pixelSize: PixelSize?
    #if canImport(ImageIO)
        /// The downsampled image when an `ImageIODecoder` made one (a `CGImage` is immutable, hence safe
        /// to share).
        public var image: CGImage?
    #endif

    public init(data: Data, pixelSize: PixelSize? = nil) {
        self.data = data
        self.pixelSize = pixelSize
    }

    /// What the image costs the memory cache, in bytes.
    var cost: Int {
        #if canImport(ImageIO)
            if let image {
                let pixels = image.bytesPerRow.multipliedReportingOverflow(by: image.height)
                return pixels.overflow ? Int.max : max(data.count, pixels.partialValue)
            }
        #endif
        return data.count
    }
}

/// An image and where the pipeline found it.
public struct ImageResponse: Sendable {
    public enum Source: Sendable, Equatable {
        case memory, disk, network
    }

    public var container: ImageContainer
    public var source: Source

    public init(container: ImageContainer, source: Source) {
        self.container = container
        self.source = source
    }
}
