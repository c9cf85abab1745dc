import VitrineCore

/// `GET /api/v1/photos/{id}`: the full record with every piece of metadata we have.
///
/// On the wire the camera settings are flat fields beside the others (`cameraMake`, …) and the place is a
/// `location` object (see `PhotoDetail+Codable.swift`).
public struct PhotoDetail: Sendable, Equatable {
    public var id: String
    public var width: Int
    public var height: Int
    public var title: String?
    public var originalName: String
    public var format: String
    public var mimeType: String
    public var byteSize: Int64
    public var takenAt: String
    /// Minutes east of UTC, when the file recorded it.
    public var takenAtOffset: Int?
    /// `exif` or `file`.
    public var takenAtSource: String
    /// Only finite numbers: JSON has no infinity or NaN.
    public var camera: CameraSettings
    public var location: GeoPoint?
    /// In name order.
    public var tags: [String]
    public var placeholder: Placeholder
    public var thumb: VariantInfo
    public var preview: VariantInfo
    public var original: VariantInfo
    public var importedAt: String
    /// True for a favourite; left out otherwise.
    public var favorite: Bool? = nil
    /// The albums it is in (ids), on `GET /api/v1/photos/{id}` when it is in any; left out otherwise.
    public var albums: [String]? = nil
    /// As `PhotoSummary.status`: left out once the photo is ready.
    public var status: String? = nil
    /// As `PhotoSummary.kind`, `duration` and `video`: left out for photos.
    public var kind: String? = nil
    public var duration: Double? = nil
    public var video: VideoVariant? = nil
    /// As `PhotoSummary.motion`.
    public var motion: VideoVariant? = nil
    /// A Live or Motion Photo's clip as it came (`motion` may be its web rendition): what a download or a
    /// mirror keeps beside the original.
    public var motionOriginal: VideoVariant? = nil

    public init(
        id: String, width: Int, height: Int, title: String?, originalName: String, format: String,
        mimeType: String, byteSize: Int64, takenAt: String, takenAtOffset: Int?, takenAtSource: String,
        camera: CameraSettings, location: GeoPoint?, tags: [String], placeholder: Placeholder, thumb: VariantInfo,
        preview: VariantInfo, original: VariantInfo, importedAt: String
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.title = title
        self.originalName = originalName
        self.format = format
        self.mimeType = mimeType
        self.byteSize = byteSize
        self.takenAt = takenAt
        self.takenAtOffset = takenAtOffset
        self.takenAtSource = takenAtSource
        self.camera = camera
        self.location = location
        self.tags = tags
        self.placeholder = placeholder
        self.thumb = thumb
        self.preview = preview
        self.original = original
        self.importedAt = importedAt
    }
}
