/// Size and headers of a stored blob.
public struct BlobAttributes: Sendable, Equatable {
    public var size: Int64
    /// nil when the store does not keep one (disk).
    public var contentType: String?
    /// The store's own validator (S3's ETag); nil on disk, where the key itself is the validator.
    public var etag: String?

    public init(size: Int64, contentType: String? = nil, etag: String? = nil) {
        self.size = size
        self.contentType = contentType
        self.etag = etag
    }
}
