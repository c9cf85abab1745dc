import Blobs
import Catalog
import Imaging
import Scheduling
import VitrineCore

/// Makes the small thumb for photos imported before it existed (or before it was a JPEG), from their
/// stored thumb, newest first (the photos of the first screens first). Once every photo has one, the
/// small WebP thumbs the migration retired are deleted.
///
/// Safe beside imports, deletions and collection in this or another process: it stores the new blob
/// through `LeasedWrite`, like an import.
public struct SmallThumbBackfill: Sendable {
    public let library: Library
    public var options = RenderOptions()
    /// Photos read per catalog query.
    public var batchSize = 64
    /// Where the thumbs decode: one at a time, so a backfill beside a busy server takes one core at most.
    let renders = BoundedExecutor(
        label: "vitrine.backfill", width: 1, queueLimit: 1, refusal: "the small-thumb backfill is busy",
        niceness: BoundedExecutor.backgroundNiceness)

    public struct Summary: Sendable {
        public var made = 0
        /// Retired blobs deleted at the end of the pass.
        public var retired = 0
        /// Photos whose thumb could not be read or decoded: they keep using the thumb.
        public var failures: [(photoId: String, reason: String)] = []
    }

    public init(library: Library) {
        self.library = library
    }

    /// One pass over the catalog. A photo that fails is reported and skipped, not retried in this pass.
    public func run() async throws -> Summary {
        let catalog = library.catalog
        var summary = Summary()
        // Every server start asks; once done, counting answers in a fraction of a full pass.
        if try await catalog.count(of: .smallThumb) >= catalog.count() {
            summary.retired = try await collectRetired()
            return summary
        }
        var cursor: PageCursor?
        while true {
            try Task.checkCancellation()
            let batch = try await catalog.photos(missing: .smallThumb, after: cursor, limit: batchSize)
            guard let last = batch.last else {
                summary.retired = try await collectRetired()
                return summary
            }
            cursor = PageCursor(takenAt: last.photo.takenAt, id: last.photo.id)
            for item in batch {
                do {
                    if try await make(for: item) { summary.made += 1 }
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    summary.failures.append((item.photo.id, "\(error)"))
                }
            }
        }
    }

    /// Deletes the retired blobs, now that the photos have their new small thumbs.
    func collectRetired() async throws -> Int {
        let blobs = library.blobs
        return try await library.catalog.collectRetiredBlobs { try await blobs.delete($0) }.count
    }

    /// True when the variant was recorded (false: the photo went away, or got one meanwhile).
    func make(for item: PhotoWithVariants) async throws -> Bool {
        guard let thumb = item.variants[.thumbWebP] ?? item.variants[.thumbJPEG] else {
            throw ImagingError.corrupt("no thumb to make it from")
        }
        let thumbKey = thumb.blobKey
        let (renders, options) = (renders, options)
        let small = try await library.blobs.withLocalFile(thumbKey) { path in
            try await renders.run { try PhotoRenderer.smallThumb(fromThumbAt: path, options: options) }
        }
        let catalog = library.catalog
        return try await library.leasedWrite.run(
            [.bytes(small.bytes, contentType: small.mimeType)], purpose: "backfill"
        ) { owner in
            try await catalog.addVariant(
                VariantRecord(
                    photoId: item.photo.id, kind: .smallThumb, blobKey: BlobKey.of(small.bytes),
                    mimeType: small.mimeType, width: small.width, height: small.height,
                    byteSize: Int64(small.bytes.count)),
                leaseOwner: owner)
        }
    }
}
