import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public enum BlobStoreError: Error, Equatable, CustomStringConvertible {
    case io(operation: String, path: String, errno: Int32)
    case contentChanged(expected: BlobKey, actual: BlobKey)
    case notFound(BlobKey)
    /// A remote store answered an error it will not recover from (after retries): operation, HTTP status,
    /// the store's error code (e.g. "SignatureDoesNotMatch"), message.
    case remote(operation: String, status: Int, code: String, message: String)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code): "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        case .contentChanged: "the file changed while it was being imported"
        case .notFound(let key): "blob \(key.hex) is not stored"
        case .remote(let operation, let status, let code, let message):
            "\(operation) failed with HTTP \(status) \(code): \(message)"
        }
    }
}
