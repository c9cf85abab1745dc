/// Content-addressed storage for originals and variants.
///
/// Every write is durable before it returns: a caller may record the key in the catalog right after.
/// Writing a key that already exists is a cheap no-op, which makes interrupted imports safe to re-run.
public protocol BlobStore: Sendable {
    /// Stores `bytes` under their SHA-256.
    func write(_ bytes: [UInt8]) throws -> BlobKey

    /// Streams a file into the store, hashing as it copies. When `expected` is given and the bytes hash
    /// differently (the file changed since it was read), nothing is stored and `.contentChanged` is thrown.
    func writeFile(at path: String, expected: BlobKey?) throws -> (key: BlobKey, size: Int64)

    func contains(_ key: BlobKey) throws -> Bool

    /// Byte size of a stored blob, or nil when absent.
    func size(of key: BlobKey) throws -> Int64?

    func delete(_ key: BlobKey) throws

    /// Removes half-written temporaries left by processes proven dead; never those of a live writer, in this
    /// process or another, so it is safe to call at any time. Returns how many went.
    @discardableResult
    func removeTemporaries() throws -> Int

    /// A local file path for streaming reads, when the store keeps blobs on this machine's disk.
    func localPath(for key: BlobKey) -> String?
}

extension BlobStore {
    public func localPath(for key: BlobKey) -> String? { nil }
}

public enum BlobStoreError: Error, Equatable, CustomStringConvertible {
    case io(operation: String, path: String, errno: Int32)
    case contentChanged(expected: BlobKey, actual: BlobKey)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code): "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        case .contentChanged: "the file changed while it was being imported"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
