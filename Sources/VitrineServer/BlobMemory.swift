import Blobs
import NIOCore
import VitrineCore

/// Small blobs' bytes held in memory (thumbnails, small thumbs, previews: the asset route never offers it an
/// original), so the most requested assets are sent without a file or bucket read.
///
/// A blob's bytes never change under its key (the key is their SHA-256), so a kept copy never goes stale;
/// whether the catalog still lists the blob is the asset route's question, asked before this one.
struct BlobMemory: Sendable {
    /// Past this size a blob is streamed from the store, never kept.
    let maximumBlobBytes: Int64
    private let cache: PositionCache<BlobKey, ByteBuffer>

    /// - Parameter bytes: the memory all kept blobs may take; 0 keeps none.
    init(bytes: Int, maximumBlobBytes: Int64 = 1 << 20) {
        self.maximumBlobBytes = min(maximumBlobBytes, Int64(bytes / 4))
        cache = PositionCache(.init(entries: max(bytes / 4096, 1), cost: bytes), cost: { $1.readableBytes })
    }

    /// The blob's bytes, kept or read whole now and kept; nil when it is too large to keep (stream it).
    func bytes(of key: BlobKey, size: Int64, from blobs: any BlobStore) async throws -> ByteBuffer? {
        guard size <= maximumBlobBytes, let count = Int(exactly: size) else { return nil }
        if let kept = cache.value(for: key, at: 0) { return kept }
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        try await blobs.read(key, range: nil) { chunk in
            var chunk = chunk
            buffer.writeBuffer(&chunk)
        }
        // A store answering other than the size it reported is not kept, and not trusted either.
        guard buffer.readableBytes == count else { return nil }
        cache.store(buffer, for: key, at: 0)
        return buffer
    }
}
