import CVips

/// What a file's header says, read without decoding a single pixel.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    /// Stored pixel size, before EXIF orientation is applied.
    public var storedWidth: Int
    public var storedHeight: Int
    /// EXIF orientation 1–8; 5–8 swap width and height on display.
    public var orientation: Int
    /// 8-bit sRGB or greyscale with no embedded ICC profile: libvips takes it as sRGB, so making sRGB of it
    /// needs no colour transform (about a fifth of a render's time, spent on an identity).
    public var isUntaggedSRGB = false

    public var displayWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    public var displayHeight: Int { orientation >= 5 ? storedWidth : storedHeight }
    public var pixelCount: Int { storedWidth * storedHeight }
}

extension ImageHeader {
    /// Sniffs the loader from the bytes (never the file name) and reads the header.
    ///
    /// Throws `.tooManyPixels` before any decoding when the header announces more than `maxPixels`,
    /// so a decompression bomb never allocates its pixels.
    public static func read(path: String, maxPixels: Int) throws(ImagingError) -> ImageHeader {
        try read(path: path, maxPixels: maxPixels) { header, _ in header }
    }

    /// Reads the header and hands the lazily opened image to `body` for metadata, still without decoding.
    static func read<T>(
        path: String, maxPixels: Int, _ body: (ImageHeader, VipsImage) throws(ImagingError) -> T
    )
        throws(ImagingError) -> T
    {
        try Vips.start()
        guard let source = vt_source_new_from_file(path) else { throw .corrupt(Vips.takeError()) }
        defer { vt_source_unref(source) }
        guard let loaderName = vt_find_load_source(source) else {
            vt_error_clear()
            throw .notAnImage
        }
        let loader = ImageFormat.loaderName(String(cString: loaderName))
        // Refuse by loader before opening: SVG and PDF are documents, and magick loads many risky formats.
        let kind = try ImageFormat.fromLoader(loader, heifCompression: nil)
        if kind == .heic || kind == .avif, let size = HEIFAnnouncedSizes.largest(path: path),
            (size.pixels ?? .max) > maxPixels
        {
            throw .tooManyPixels(width: size.width, height: size.height, limit: maxPixels)
        }
        guard let opened = vt_image_new_from_source(source) else { throw .corrupt(Vips.takeError()) }
        let image = VipsImage(taking: opened)
        let format =
            kind == .heic || kind == .avif
            ? try ImageFormat.fromLoader(loader, heifCompression: image.string("heif-compression")) : kind
        let orientation = image.int("orientation").flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        var header = ImageHeader(
            format: format, storedWidth: image.width, storedHeight: image.height, orientation: orientation)
        header.isUntaggedSRGB =
            image.bandFormat == VT_FORMAT_UCHAR
            && (image.interpretation == VT_INTERPRETATION_sRGB || image.interpretation == VT_INTERPRETATION_B_W)
            && !image.hasField("icc-profile-data")
        guard header.pixelCount <= maxPixels else {
            throw .tooManyPixels(width: header.storedWidth, height: header.storedHeight, limit: maxPixels)
        }
        return try body(header, image)
    }
}
