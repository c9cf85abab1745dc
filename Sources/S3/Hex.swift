import Crypto
import Foundation

/// Lower-case hex of digests, as SigV4 writes them.
enum Hex {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func sha256(_ bytes: some DataProtocol) -> String { encode(SHA256.hash(data: bytes)) }
}
