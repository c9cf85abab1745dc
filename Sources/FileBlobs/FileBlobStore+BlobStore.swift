import Blobs
import FileBlobs
import NIOCore
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk store behind the `BlobStore` seam: each call is one or a few jobs on the store's executor.
extension FileBlobStore: BlobStore {
    public var location: String { blobsDirectory }

    /// The disk keeps no content type: the catalog's variant rows say what each blob is.
    public func put(_ bytes: [UInt8], contentType: String) async throws -> BlobKey {
        try await executor.run { try write(bytes) }
    }

    public func putFile(
        at path: String, expected: BlobKey?, contentType: String
    ) async throws -> (key: BlobKey, size: Int64) {
        let stored = try await executor.run { try writeFile(at: path, expected: expected) }
        return (stored.key, stored.size)
    }

    public func attributes(of key: BlobKey) async throws -> BlobAttributes? {
        try await executor.run { try size(of: key).map { BlobAttributes(size: $0) } }
    }

    /// Hands libvips the stored file itself: nothing is copied.
    public func withLocalFile<T: Sendable>(_ key: BlobKey, _ body: (String) async throws -> T) async throws -> T {
        guard try await attributes(of: key) != nil else { throw BlobStoreError.notFound(key) }
        return try await body(path(for: key))
    }

    public func delete(_ keys: [BlobKey]) async throws {
        guard !keys.isEmpty else { return }
        try await executor.run { for key in keys { try delete(key) } }
    }

    @discardableResult
    public func removeTemporaries() async throws -> Int {
        try await executor.run { try temporaries.removeAbandoned() }
    }
}
