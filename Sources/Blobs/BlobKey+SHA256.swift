import Crypto
import VitrineCore

extension BlobKey {
    /// The key `bytes` are stored under, for callers that must know it before writing (to lease it).
    public static func of(_ bytes: [UInt8]) -> BlobKey { BlobKey(digest: SHA256.hash(data: bytes)) }
}
