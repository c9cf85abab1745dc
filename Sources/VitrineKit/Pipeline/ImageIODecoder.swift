#if canImport(ImageIO)
    import CoreGraphics
    import Foundation
    import ImageIO

    /// Decodes with ImageIO, downsampling to the request's `targetSize` without decoding the full image
    /// first (`CGImageSourceCreateThumbnailAtIndex`), so a grid of thumbnails never holds full photos.
    public struct ImageIODecoder: ImageDecoding {
        public init() {}

        public func decode(_ data: Data, request: ImageRequest) throws -> ImageContainer {
            let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
            guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else {
                throw VitrineError.decoding("not an image: \(request.url.lastPathComponent)")
            }
            var options: [CFString: Any] = [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceShouldCacheImmediately: true,
            ]
            if let target = request.targetSize, target.width > 0, target.height > 0 {
                options[kCGImageSourceThumbnailMaxPixelSize] = max(target.width, target.height)
            }
            guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else {
                throw VitrineError.decoding("undecodable image: \(request.url.lastPathComponent)")
            }
            var container = ImageContainer(data: data, pixelSize: PixelSize(width: image.width, height: image.height))
            container.image = image
            return container
        }
    }
#endif
