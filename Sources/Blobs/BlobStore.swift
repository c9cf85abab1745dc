import NIOCore
import VitrineCore

/// Content-addressed storage for originals and variants: on this machine's disk (`FileBlobStore`) or in a
/// remote bucket. Only the composition root knows which; every other part holds `any BlobStore`.
///
/// Every write is durable before it returns: a caller may record the key in the catalog right after.
/// Writing a key that already exists is cheap and harmless, which makes interrupted imports safe to re-run.
/// Implementations schedule their own blocking work, so callers never wrap these calls.
public protocol BlobStore: Sendable {
    /// Where the blobs live, for logs and `gc` output: "/data/blobs" or "s3://bucket/prefix".
    var location: String { get }

    /// Stores `bytes` under their SHA-256 and returns once the store has acknowledged them durably.
    /// Storing a key that exists is cheap and harmless (idempotent).
    func put(_ bytes: [UInt8], contentType: String) async throws -> BlobKey

    /// Streams a local file into the store, hashing as it goes. When `expected` is given and the bytes hash
    /// differently, nothing is stored and `BlobStoreError.contentChanged` is thrown.
    func putFile(at path: String, expected: BlobKey?, contentType: String) async throws -> (key: BlobKey, size: Int64)

    /// nil when absent.
    func attributes(of key: BlobKey) async throws -> BlobAttributes?

    /// Streams the bytes of `range` (inclusive, already validated against the size; nil = whole blob) to
    /// `consume`, chunk by chunk, in order. Throws `BlobStoreError.notFound(key)` when absent.
    func read(
        _ key: BlobKey, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
    ) async throws

    /// Runs `body` with a local file holding the blob's bytes (libvips needs a path): the stored file itself
    /// on disk; a private temporary download, removed when `body` returns or throws, otherwise.
    func withLocalFile<T: Sendable>(_ key: BlobKey, _ body: (String) async throws -> T) async throws -> T

    /// Inventory for `gc` and migration: stored keys strictly greater than `after`, ascending, at most `limit`.
    func keys(after: BlobKey?, limit: Int) async throws -> [BlobKey]

    /// Deletes the keys; absent keys are not an error. Callers pass at most 1 000 at once.
    func delete(_ keys: [BlobKey]) async throws

    /// Removes temporaries abandoned by dead writers (see `TemporaryArea`); 0 for stores without any.
    @discardableResult func removeTemporaries() async throws -> Int
}

extension BlobStore {
    public func contains(_ key: BlobKey) async throws -> Bool { try await attributes(of: key) != nil }

    /// The whole blob in memory, for small blobs (thumbs) and tests.
    public func bytes(of key: BlobKey) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        try await read(key, range: nil) { bytes.append(contentsOf: $0.readableBytesView) }
        return bytes
    }
}
