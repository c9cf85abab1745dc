import Crypto
import Foundation
import VitrineCore

extension Hex {
    /// The SHA-256 of `bytes` in lowercase hex, as SigV4 writes payload hashes.
    static func sha256(_ bytes: some DataProtocol) -> String { encode(SHA256.hash(data: bytes)) }
}
