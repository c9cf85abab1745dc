import Foundation
import VitrineCore

/// One photo in the catalog: identity, what it looks like, and what its file said about it.
///
/// Its `Codable` form is flat, one key per catalog column (see `PhotoRecord+Codable.swift`).
public struct PhotoRecord: Sendable, Equatable, Identifiable {
    public var id: String
    /// SHA-256 of the original bytes: the duplicate detector.
    public var contentHash: String
    public var originalName: String
    public var title: String?
    public var format: String
    public var mimeType: String
    public var byteSize: Int64
    /// As displayed, after EXIF orientation.
    public var width: Int
    public var height: Int
    /// Milliseconds since the epoch. With an unknown offset, the camera's wall-clock time read as UTC.
    public var takenAt: Int64
    /// Minutes east of UTC when the file said; nil when it did not.
    public var takenAtOffset: Int?
    /// Where `takenAt` came from: `exif` or `file` (modification time).
    public var takenAtSource: String
    /// As stored: a row may hold any number, so readers check it (`CameraSettings.finite()`).
    public var camera: CameraSettings
    /// Nil when the row holds no place, or one off the globe.
    public var location: GeoPoint?
    public var thumbHash: Data
    public var averageColor: String
    public var importedAt: Int64
    public var updatedAt: Int64
    /// Mean chroma of the pixels, 0 (grey) to 1; nil until measured (the catalog then estimates it).
    public var colorfulness: Double?
    /// `processing` while an upload waits for its render: its preview and thumbs do not exist yet.
    public var status: PhotoStatus
    /// A video's variants are its poster frame's; its original is the clip.
    public var kind: MediaKind
    /// A video's length in seconds, finite and non-negative; nil for photos.
    public var duration: Double?

    public init(
        id: String, contentHash: String, originalName: String, title: String? = nil, format: String,
        mimeType: String, byteSize: Int64, width: Int, height: Int, takenAt: Int64, takenAtOffset: Int? = nil,
        takenAtSource: String, camera: CameraSettings = CameraSettings(), location: GeoPoint? = nil,
        thumbHash: Data, averageColor: String,
        importedAt: Int64, updatedAt: Int64, colorfulness: Double? = nil, status: PhotoStatus = .ready,
        kind: MediaKind = .photo, duration: Double? = nil
    ) {
        self.id = id
        self.contentHash = contentHash
        self.originalName = originalName
        self.title = title
        self.format = format
        self.mimeType = mimeType
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.takenAt = takenAt
        self.takenAtOffset = takenAtOffset
        self.takenAtSource = takenAtSource
        self.camera = camera
        self.location = location
        self.thumbHash = thumbHash
        self.averageColor = averageColor
        self.importedAt = importedAt
        self.updatedAt = updatedAt
        self.colorfulness = colorfulness
        self.status = status
        self.kind = kind
        self.duration = duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
}

/// The kinds of file every photo has.
public enum VariantKind: String, Codable, Sendable, CaseIterable {
    case original
    case preview
    case thumbWebP = "thumb-webp"
    case thumbJPEG = "thumb-jpeg"
    /// A JPEG covering a grid tile. Photos imported before it existed have none until
    /// `SmallThumbBackfill` makes it (migration `v5-small-thumb-jpeg` retired the WebP ones).
    case smallThumb = "thumb-small"
    /// AVIF siblings of the thumb and the preview, made on first request by a client that accepts AVIF
    /// (`AVIFVariantMaker`), only when smaller than the WebP thumb or the JPEG preview.
    case thumbAVIF = "thumb-avif"
    case previewAVIF = "preview-avif"
    /// A clip's H.264/AAC MP4 for browsers, made by a `transcodeVideo` job when the original would not
    /// play everywhere (`VideoRendition`).
    case webVideo = "video-web"
    /// A Live Photo's clip (its original bytes, kept as they came) and a Motion Photo's clip (copied out of
    /// its JPEG); the still is the photo.
    case motion
    /// The motion's H.264/AAC MP4 for browsers, made as a clip's `webVideo` is.
    case motionWeb = "motion-web"

    /// What every import makes: a photo with fewer is half-written.
    public static let madeAtImport: [VariantKind] = [.original, .preview, .thumbWebP, .thumbJPEG, .smallThumb]

    /// A file kept as it came (the original, a Live Photo's clip), metadata and all: what a download gives,
    /// where every rendition is made without the source's metadata.
    public var isAsItCame: Bool { self == .original || self == .motion }
}

/// One stored file of a photo: where its bytes are and what they are.
public struct VariantRecord: Codable, Sendable, Equatable {
    public var photoId: String
    public var kind: VariantKind
    /// SHA-256 of the variant's bytes, its name in the blob store.
    public var blobKey: BlobKey
    public var mimeType: String
    public var width: Int
    public var height: Int
    public var byteSize: Int64

    public init(
        photoId: String, kind: VariantKind, blobKey: BlobKey, mimeType: String, width: Int, height: Int,
        byteSize: Int64
    ) {
        self.photoId = photoId
        self.kind = kind
        self.blobKey = blobKey
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }
}

/// A photo with all its variants, as readers need it.
public struct PhotoWithVariants: Sendable, Equatable {
    public var photo: PhotoRecord
    public var variants: [VariantKind: VariantRecord]

    public init(photo: PhotoRecord, variants: [VariantKind: VariantRecord]) {
        self.photo = photo
        self.variants = variants
    }
}
