import VitrineCore

/// A photo as the compatible APIs (Pixabay, Parse) describe it: the record, its files and tags, and the
/// compat row's public number, object id and counters.
public struct CompatPhoto: Sendable, Equatable {
    public var item: PhotoWithVariants
    public var tags: [String]
    /// Pixabay's integer `id`: assigned once, never reused.
    public var number: Int64
    /// Parse's `objectId`.
    public var objectId: String
    public var views: Int
    public var downloads: Int

    public var photo: PhotoRecord { item.photo }

    public init(
        item: PhotoWithVariants, tags: [String], number: Int64, objectId: String, views: Int, downloads: Int
    ) {
        self.item = item
        self.tags = tags
        self.number = number
        self.objectId = objectId
        self.views = views
        self.downloads = downloads
    }
}

/// One page of compat results and how many matched in all.
public struct CompatPage: Sendable {
    public var total: Int
    public var items: [CompatPhoto]

    public init(total: Int, items: [CompatPhoto]) {
        self.total = total
        self.items = items
    }
}

/// A file made on demand at one long-edge size (Pixabay's preview, webformat and large images).
public struct SizedVariantRecord: Codable, Sendable, Equatable {
    public var photoId: String
    public var edge: Int
    public var blobKey: BlobKey
    public var mimeType: String
    public var width: Int
    public var height: Int
    public var byteSize: Int64

    public init(
        photoId: String, edge: Int, blobKey: BlobKey, mimeType: String, width: Int, height: Int, byteSize: Int64
    ) {
        self.photoId = photoId
        self.edge = edge
        self.blobKey = blobKey
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }
}
