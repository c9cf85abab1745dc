import Blobs
import Logging
import Scheduling
import VitrineCore

/// Blobs in an S3 bucket, under `PREFIX/ab/cd/<sha256>`, each object carrying its Content-Type and
/// `Cache-Control: public, max-age=31536000, immutable` (a key names its bytes forever).
///
/// An upload returns only once S3 has acknowledged it, and S3 makes an object visible whole or not at all,
/// so a kill at any moment leaves at most an unfinished multipart upload (aborted on every failure this
/// process sees; a bucket lifecycle rule `AbortIncompleteMultipartUpload` sweeps those of killed processes).
/// Local file work (hashing, reading parts, temporary downloads) runs on `executor`.
public final class S3BlobStore: Sendable {
    public let client: S3Client
    let executor: BoundedExecutor
    /// Where `withLocalFile` puts its private downloads, owned per process so abandoned ones can be proven so.
    let temporaries: TemporaryArea

    public static let cacheControl = "public, max-age=31536000, immutable"

    /// `temporaryRoot` is a folder for temporary downloads (the data folder's `tmp/` suits), made if needed.
    public init(client: S3Client, temporaryRoot: String, executor: BoundedExecutor) throws {
        try DurableDirectory.make(temporaryRoot, intermediates: true)
        self.client = client
        self.executor = executor
        temporaries = TemporaryArea(root: temporaryRoot)
    }

    public var location: String { client.location.description }

    /// `PREFIX/ab/cd/<hex>`: two levels of fan-out keep listings of one shard short, as on disk.
    func objectKey(for key: BlobKey) -> String {
        let hex = key.hex
        return client.location.objectKey("\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)")
    }

    /// The blob key an object key names, or nil for objects that are not blobs of this layout.
    func blobKey(objectKey: String) -> BlobKey? {
        guard objectKey.hasPrefix(listPrefix) else { return nil }
        let parts = objectKey.dropFirst(listPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let key = BlobKey(hex: String(parts[2])),
            parts[0] == key.hex.prefix(2), parts[1] == key.hex.dropFirst(2).prefix(2)
        else { return nil }
        return key
    }

    /// Every object of the store starts with this.
    var listPrefix: String { client.location.prefix.isEmpty ? "" : client.location.prefix + "/" }

    func objectHeaders(contentType: String) -> [Header] {
        [Header(name: "content-type", value: contentType), Header(name: "cache-control", value: Self.cacheControl)]
    }

    /// Runs `body`, reporting S3 failures as the `BlobStoreError`s callers handle.
    func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as S3Error {
            throw error.blobStoreError
        }
    }
}

extension S3Error {
    /// `BlobStoreError.remote`; failures without an answer have status 0.
    var blobStoreError: BlobStoreError {
        switch self {
        case .remote(let operation, let status, let code, let message):
            .remote(operation: operation, status: status, code: code, message: message)
        case .transport(let operation, let message):
            .remote(operation: operation, status: 0, code: "ConnectionFailed", message: message)
        case .malformedResponse(let operation, let message):
            .remote(operation: operation, status: 0, code: "MalformedResponse", message: message)
        }
    }
}
