/// `GET /api/v1/photos/{id}`: the full record with every piece of metadata we have.
public struct PhotoDetail: Codable, Sendable, Equatable {
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
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// Seconds.
    public var exposureTime: Double?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?
    public var location: Location?
    /// In name order.
    public var tags: [String]
    public var placeholder: Placeholder
    public var thumb: VariantInfo
    public var preview: VariantInfo
    public var original: VariantInfo
    public var importedAt: String

    public struct Location: Codable, Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(
        id: String, width: Int, height: Int, title: String?, originalName: String, format: String,
        mimeType: String, byteSize: Int64, takenAt: String, takenAtOffset: Int?, takenAtSource: String,
        cameraMake: String?, cameraModel: String?, lens: String?, exposureTime: Double?, fNumber: Double?,
        iso: Int?, focalLength: Double?, location: Location?, tags: [String], placeholder: Placeholder,
        thumb: VariantInfo,
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
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
        self.location = location
        self.tags = tags
        self.placeholder = placeholder
        self.thumb = thumb
        self.preview = preview
        self.original = original
        self.importedAt = importedAt
    }
}
