import CVips
import Dispatch

/// Sizes and qualities of the variants every photo gets.
public struct RenderOptions: Sendable, Equatable {
    /// Refuse images whose header announces more pixels than this (decompression bombs).
    public var maxPixels = 100_000_000
    public var thumbShortEdge = 400
    /// The small thumb covers a tile this size whatever the photo's shape: every 4:3 tile of a grid of
    /// three or more columns at one device pixel per CSS pixel (Web/grid.js: columns at least 200 px
    /// wide, so tiles under 268 px), with about a quarter of the thumb's pixels to fetch and decode.
    public var smallThumbWidth = 272
    public var smallThumbHeight = 204
    public var previewLongEdge = 2048
    public var thumbWebPQuality = 80
    public var thumbJPEGQuality = 80
    public var previewJPEGQuality = 82
    /// AVIF qualities that reach the WebP thumb's SSIM on the median photo of Benchmarks/avif, and the effort
    /// whose encode stays under a second for a thumb (libaom's default takes several).
    public var thumbAVIFQuality = 60
    public var previewAVIFQuality = 60
    public var avifEffort = 2
    /// ThumbHash works on at most 100×100 pixels.
    public var placeholderEdge = 100
    public var video = VideoLimits()
    /// When a clip gets a web rendition, and how it is made.
    public var rendition = VideoRendition()

    public init() {}
}

/// One encoded derivative of a photo.
public struct EncodedVariant: Sendable {
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    public var mimeType: String
}

/// Everything derived from a photo's pixels and header.
public struct RenderedPhoto: Sendable {
    public var format: ImageFormat
    /// Size as displayed, after EXIF orientation.
    public var width: Int
    public var height: Int
    public var metadata: PhotoMetadata
    public var thumbWebP: EncodedVariant
    public var thumbJPEG: EncodedVariant
    /// A JPEG: see `PhotoRenderer.smallThumb(of:options:)`.
    public var smallThumb: EncodedVariant
    public var preview: EncodedVariant
    public var thumbHash: [UInt8]
    /// Mean colour as `#rrggbb`, alpha-weighted over a white background.
    public var averageColor: String
    /// Mean chroma (max − min channel) over white, 0 to 1: near 0 for greyscale photos.
    public var colorfulness: Double
    /// For a video, what its probe said; the variants above are its poster frame's.
    public var video: VideoProbe? = nil
}

/// Decodes a photo once, with shrink-on-load, and produces all its variants from that one decoded image.
public enum PhotoRenderer {
    public static func render(
        path: String, options: RenderOptions = RenderOptions()
    ) throws(ImagingError)
        -> RenderedPhoto
    {
        Vips.matchHelperPriority()
        return try ImageHeader.read(path: path, maxPixels: options.maxPixels) { header, image throws(ImagingError) in
            let metadata = ExifReader.metadata(from: image)
            let base = try decode(path: path, header: header, options: options)
            return try derive(from: base, header: header, metadata: metadata, options: options)
        }
    }

    /// Decodes at the smallest size that still serves both the preview's long edge and the thumb's short edge.
    static func decode(path: String, header: ImageHeader, options: RenderOptions) throws(ImagingError) -> VipsImage {
        let long = Double(max(header.displayWidth, header.displayHeight))
        let short = Double(max(1, min(header.displayWidth, header.displayHeight)))
        let scale = min(1, max(Double(options.previewLongEdge) / long, Double(options.thumbShortEdge) / short))
        let width = max(1, Int((Double(header.displayWidth) * scale).rounded()))
        let height = max(1, Int((Double(header.displayHeight) * scale).rounded()))

        guard let source = vt_source_new_from_file(path) else { throw .corrupt(Vips.takeError()) }
        defer { vt_source_unref(source) }
        var image = try VipsImage.make {
            header.isUntaggedSRGB
                ? vt_thumbnail_source_untagged(source, $0, Int32(width), Int32(height))
                : vt_thumbnail_source(source, $0, Int32(width), Int32(height))
        }
        image = try normalized(image)
        // One decode: every variant below reads these pixels from memory.
        return try image.materialized()
    }

    /// 8-bit sRGB with three colour bands and at most one alpha band, whatever came in (CMYK, 16-bit,
    /// greyscale, Lab…). A file's header can name sRGB for fewer than three bands (a JPEG of two components
    /// decodes as "sRGB" with two): its first band is taken as grey.
    static func normalized(_ input: VipsImage) throws(ImagingError) -> VipsImage {
        var image = input
        if image.interpretation != VT_INTERPRETATION_sRGB {
            image = try VipsImage.make { vt_colourspace(image.pointer, $0, VT_INTERPRETATION_sRGB) }
        }
        if image.bands < 3 {
            let first = try VipsImage.make { vt_extract_bands(image.pointer, $0, 0, 1) }
            let grey = try VipsImage.make { vt_copy_interpretation(first.pointer, $0, VT_INTERPRETATION_B_W) }
            image = try VipsImage.make { vt_colourspace(grey.pointer, $0, VT_INTERPRETATION_sRGB) }
        }
        if image.bandFormat != VT_FORMAT_UCHAR {
            image = try VipsImage.make { vt_cast(image.pointer, $0, VT_FORMAT_UCHAR) }
        }
        if image.bands > 4 {
            image = try VipsImage.make { vt_extract_bands(image.pointer, $0, 0, 4) }
        }
        return image
    }

    static func derive(
        from base: VipsImage, header: ImageHeader, metadata: PhotoMetadata, options: RenderOptions
    ) throws(ImagingError) -> RenderedPhoto {
        // Two independent lanes read the same decoded pixels (libvips images are immutable and safe to
        // share): the preview's JPEG encode, and the thumb with its placeholder. Running them side by side
        // halves one photo's latency; throughput is unchanged because the work is the same.
        let lanes = Lanes()
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                lanes.preview = Result { () throws(ImagingError) in try renderPreview(base, options: options) }
            } else {
                lanes.thumb = Result { () throws(ImagingError) in try renderThumb(base, options: options) }
            }
        }
        guard let previewResult = lanes.preview, let thumbResult = lanes.thumb else {
            throw .encodeFailed("a render lane did not run")
        }
        let preview = try previewResult.get()
        let thumb = try thumbResult.get()
        return RenderedPhoto(
            format: header.format, width: header.displayWidth, height: header.displayHeight, metadata: metadata,
            thumbWebP: thumb.webp, thumbJPEG: thumb.jpeg, smallThumb: thumb.small, preview: preview,
            thumbHash: thumb.hash,
            averageColor: thumb.averageColor, colorfulness: thumb.colorfulness)
    }

    /// Results of the two render lanes; each lane writes only its own slot.
    private final class Lanes: @unchecked Sendable {
        var preview: Result<EncodedVariant, ImagingError>?
        var thumb: Result<Thumb, ImagingError>?
    }

    struct Thumb {
        var webp: EncodedVariant
        var jpeg: EncodedVariant
        var small: EncodedVariant
        var hash: [UInt8]
        var averageColor: String
        var colorfulness: Double
    }

    static func renderPreview(_ base: VipsImage, options: RenderOptions) throws(ImagingError) -> EncodedVariant {
        let opaque = base.hasAlpha ? try VipsImage.make { vt_flatten(base.pointer, $0, 255) } : base
        let preview = try fit(opaque, longEdge: options.previewLongEdge)
        let bytes = try preview.encoded(
            as: ".jpg[Q=\(options.previewJPEGQuality),interlace=true,optimize_coding=true,strip=true]")
        return EncodedVariant(bytes: bytes, width: preview.width, height: preview.height, mimeType: "image/jpeg")
    }

    static func renderThumb(_ base: VipsImage, options: RenderOptions) throws(ImagingError) -> Thumb {
        // Materialised once: three encoders read it, and a lazy image would be resized three times.
        let thumb = try fit(base, shortEdge: options.thumbShortEdge).materialized()
        // effort=2 encodes about twice as fast as the default 4 for a few percent more bytes.
        let webp = try thumb.encoded(as: ".webp[Q=\(options.thumbWebPQuality),effort=2,strip=true]")
        let opaque = thumb.hasAlpha ? try VipsImage.make { vt_flatten(thumb.pointer, $0, 255) } : thumb
        let jpeg = try opaque.encoded(as: ".jpg[Q=\(options.thumbJPEGQuality),optimize_coding=true,strip=true]")
        let small = try smallThumb(of: thumb, options: options)

        let tiny = try fit(thumb, longEdge: options.placeholderEdge)
        let rgba = tiny.hasAlpha ? tiny : try VipsImage.make { vt_addalpha(tiny.pointer, $0) }
        let pixels = try rgba.pixelBytes()
        // `normalized` makes four bands here; what a decoder gave is still checked before the encoder's trap.
        guard rgba.bands == 4, pixels.count == rgba.width &* rgba.height &* 4 else {
            throw .corrupt("the placeholder's pixels are not RGBA (\(rgba.bands) bands)")
        }
        return Thumb(
            webp: EncodedVariant(bytes: webp, width: thumb.width, height: thumb.height, mimeType: "image/webp"),
            jpeg: EncodedVariant(bytes: jpeg, width: thumb.width, height: thumb.height, mimeType: "image/jpeg"),
            small: small,
            hash: ThumbHash.encode(width: rgba.width, height: rgba.height, rgba: pixels),
            averageColor: averageColor(rgba: pixels), colorfulness: colorfulness(rgba: pixels))
    }

    static func fit(_ image: VipsImage, longEdge: Int) throws(ImagingError) -> VipsImage {
        guard max(image.width, image.height) > longEdge else { return image }
        return try VipsImage.make { vt_thumbnail_image(image.pointer, $0, Int32(longEdge), Int32(longEdge)) }
    }

    /// Scaled down (never up) as far as it still covers a `width`×`height` tile.
    static func fit(_ image: VipsImage, covering width: Int, _ height: Int) throws(ImagingError) -> VipsImage {
        guard image.width > width, image.height > height else { return image }
        let unbounded: Int32 = 10_000_000
        // vips fits inside the box: bound the edge that reaches the tile's first, leave the other free.
        let wider = image.width * height >= image.height * width
        let (boxWidth, boxHeight) = wider ? (unbounded, Int32(height)) : (Int32(width), unbounded)
        return try VipsImage.make { vt_thumbnail_image(image.pointer, $0, boxWidth, boxHeight) }
    }

    static func fit(_ image: VipsImage, shortEdge: Int) throws(ImagingError) -> VipsImage {
        guard min(image.width, image.height) > shortEdge else { return image }
        let unbounded: Int32 = 10_000_000
        let (width, height) =
            image.width <= image.height ? (Int32(shortEdge), unbounded) : (unbounded, Int32(shortEdge))
        return try VipsImage.make { vt_thumbnail_image(image.pointer, $0, width, height) }
    }

    /// Mean chroma of the pixels composited over white. A colourful photo whose colours average to grey
    /// still scores high here, which the average colour alone cannot tell.
    static func colorfulness(rgba: [UInt8]) -> Double {
        let count = rgba.count / 4
        guard count > 0 else { return 0 }
        var sum = 0.0
        for i in 0..<count {
            let a = Double(rgba[i * 4 + 3]) / 255
            let r = Double(rgba[i * 4]) * a + 255 * (1 - a)
            let g = Double(rgba[i * 4 + 1]) * a + 255 * (1 - a)
            let b = Double(rgba[i * 4 + 2]) * a + 255 * (1 - a)
            sum += (max(r, g, b) - min(r, g, b)) / 255
        }
        return sum / Double(count)
    }

    /// Alpha-weighted mean over white, as `#rrggbb`.
    static func averageColor(rgba: [UInt8]) -> String {
        var sums = (r: 0.0, g: 0.0, b: 0.0)
        let count = rgba.count / 4
        guard count > 0 else { return "#808080" }
        for i in 0..<count {
            let a = Double(rgba[i * 4 + 3]) / 255
            sums.r += Double(rgba[i * 4]) * a + 255 * (1 - a)
            sums.g += Double(rgba[i * 4 + 1]) * a + 255 * (1 - a)
            sums.b += Double(rgba[i * 4 + 2]) * a + 255 * (1 - a)
        }
        func hex(_ value: Double) -> String {
            let byte = Int((value / Double(count)).rounded()).clamped(to: 0...255)
            let digits = "0123456789abcdef".map { $0 }
            return String([digits[byte / 16], digits[byte % 16]])
        }
        return "#" + hex(sums.r) + hex(sums.g) + hex(sums.b)
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
