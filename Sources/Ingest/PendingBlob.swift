import Blobs
import VitrineCore

/// A blob about to be stored by `LeasedWrite`, whose key is known before it is written so that it can be
/// leased first.
public struct PendingBlob: Sendable {
    enum Source: Sendable {
        case bytes([UInt8])
        case file(path: String)
    }

    public let key: BlobKey
    public let contentType: String
    let source: Source

    /// Bytes made in memory (a rendered variant).
    public static func bytes(_ bytes: [UInt8], contentType: String) -> PendingBlob {
        PendingBlob(key: .of(bytes), contentType: contentType, source: .bytes(bytes))
    }

    /// A local file already hashed to `key`; if it changed since, the write fails with `contentChanged` and
    /// nothing is stored.
    public static func file(at path: String, key: BlobKey, contentType: String) -> PendingBlob {
        PendingBlob(key: key, contentType: contentType, source: .file(path: path))
    }

    func store(in blobs: any BlobStore) async throws {
        switch source {
        case .bytes(let bytes): _ = try await blobs.put(bytes, contentType: contentType)
        case .file(let path): _ = try await blobs.putFile(at: path, expected: key, contentType: contentType)
        }
    }
}
