/// What a photo's header and metadata say, read without decoding a pixel: enough to place it in the
/// timeline and the grid before its render.
public struct DescribedPhoto: Sendable {
    public var format: ImageFormat
    /// Size as displayed, after EXIF orientation.
    public var width: Int
    public var height: Int
    public var metadata: PhotoMetadata
    /// For a video, what its probe said (`format` is then its poster's).
    public var video: VideoProbe?

    public init(format: ImageFormat, width: Int, height: Int, metadata: PhotoMetadata, video: VideoProbe? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.metadata = metadata
        self.video = video
    }

    /// The original's format name and MIME type: the video's container, else the image's format.
    public var formatName: String { video?.format.rawValue ?? format.rawValue }
    public var mimeType: String { video?.format.mimeType ?? format.mimeType }
}

extension PhotoRenderer {
    /// Reads a photo's header and metadata with the same checks a render makes first (format, pixel
    /// limit), in milliseconds, so an upload can be recorded before its variants exist.
    public static func describe(
        path: String, options: RenderOptions = RenderOptions()
    ) throws(ImagingError)
        -> DescribedPhoto
    {
        try ImageHeader.read(path: path, maxPixels: options.maxPixels) { header, image throws(ImagingError) in
            DescribedPhoto(
                format: header.format, width: header.displayWidth, height: header.displayHeight,
                metadata: ExifReader.metadata(from: image))
        }
    }
}

extension RenderedPhoto {
    /// The original's format name and MIME type: the video's container, else the image's format.
    public var formatName: String { video?.format.rawValue ?? format.rawValue }
    public var mimeType: String { video?.format.mimeType ?? format.mimeType }
}
