import Crypto
import Foundation
import VitrineCore
import _CryptoExtras

/// A share link's password, stored only as a salted, slow hash: PBKDF2-HMAC-SHA256 with a random 16-byte
/// salt, written `pbkdf2-sha256$<rounds>$<salt>$<hash>` (base64url), so the rounds can grow later and
/// older hashes still verify.
public enum LinkPassword {
    /// OWASP's figure for PBKDF2-SHA256 is 600 000; this is what a 2-core server checks in about 0.1 s,
    /// with attempts throttled per link and per address on top.
    public static let rounds = 210_000
    /// A password is at most this many bytes: the hash's cost must not grow with what a client sends.
    public static let maximumBytes = 256

    public static func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let derived = try derive(password, salt: salt, rounds: rounds)
        return "pbkdf2-sha256$\(rounds)$\(Base64URL.encode(salt))$\(Base64URL.encode(derived))"
    }

    /// Whether `password` is the one `stored` was made from; false for anything malformed.
    public static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]),
            (1000...10_000_000).contains(rounds), let salt = Base64URL.decode(String(parts[2])),
            let expected = Base64URL.decode(String(parts[3])), password.utf8.count <= maximumBytes,
            let derived = try? derive(password, salt: salt, rounds: rounds)
        else { return false }
        return AdminToken.constantTimeEqual(derived, expected)
    }

    static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }
}
