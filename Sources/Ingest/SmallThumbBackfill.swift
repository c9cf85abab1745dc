import Blobs
import Catalog
import Imaging

/// Makes the small thumb for photos imported before it existed (or before it was a JPEG), from their
/// stored thumb, newest first (the photos of the first screens first). Once every photo has one, the
/// small WebP thumbs the migration retired are deleted.
///
/// Safe beside imports, deletions and collection in this or another process: like an import, it leases
/// the new blob's key before writing it, and the transaction that records the variant drops the lease.
public struct SmallThumbBackfill: Sendable {
    public let catalog: any PhotoCatalog
    public let blobs: FileBlobStore
    public var options = RenderOptions()
    /// Photos read per catalog query.
    public var batchSize = 64

    public struct Summary: Sendable {
        public var made = 0
        /// Retired blobs deleted at the end of the pass.
        public var retired = 0
        /// Photos whose thumb could not be read or decoded: they keep using the thumb.
        public var failures: [(photoId: String, reason: String)] = []
    }

    public init(catalog: any PhotoCatalog, blobs: FileBlobStore) {
        self.catalog = catalog
        self.blobs = blobs
    }

    /// One pass over the catalog. A photo that fails is reported and skipped, not retried in this pass.
    public func run() async throws -> Summary {
        var summary = Summary()
        // Every server start asks; once done, counting answers in a fraction of a full pass.
        if try await catalog.count(of: .smallThumb) >= catalog.count() {
            summary.retired = try await collectRetired()
            return summary
        }
        var cursor: PageCursor?
        while true {
            let batch = try await catalog.photos(missing: .smallThumb, after: cursor, limit: batchSize)
            guard let last = batch.last else {
                summary.retired = try await collectRetired()
                return summary
            }
            cursor = PageCursor(takenAt: last.photo.takenAt, id: last.photo.id)
            for item in batch {
                do {
                    if try await make(for: item) { summary.made += 1 }
                } catch {
                    summary.failures.append((item.photo.id, "\(error)"))
                }
            }
        }
    }

    /// Deletes the retired blobs, now that the photos have their new small thumbs.
    func collectRetired() async throws -> Int {
        try await catalog.collectRetiredBlobs { keys in
            try await Importer.onWorker { for key in keys { try blobs.delete(key) } }
        }.count
    }

    /// True when the variant was recorded (false: the photo went away, or got one meanwhile).
    func make(for item: PhotoWithVariants) async throws -> Bool {
        guard let thumb = item.variants[.thumbWebP] ?? item.variants[.thumbJPEG] else {
            throw ImagingError.corrupt("no thumb to make it from")
        }
        let (blobs, options) = (self.blobs, self.options)
        let small = try await Importer.onWorker {
            try PhotoRenderer.smallThumb(fromThumbAt: blobs.path(for: thumb.blobKey), options: options)
        }
        let key = BlobKey.of(small.bytes)
        let owner = "backfill-" + PhotoID.make()
        try await catalog.lease([key], owner: owner)
        do {
            _ = try await Importer.onWorker { try blobs.write(small.bytes) }
        } catch {
            try? await catalog.releaseLeases(owner: owner)
            throw error
        }
        return try await catalog.addVariant(
            VariantRecord(
                photoId: item.photo.id, kind: .smallThumb, blobKey: key, mimeType: small.mimeType,
                width: small.width, height: small.height, byteSize: Int64(small.bytes.count)),
            leaseOwner: owner)
    }
}
