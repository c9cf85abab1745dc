/// Parse object ids: 10 alphanumerics, derived from the photo id so they are stable and need no randomness.
public enum ObjectID {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    public static let length = 10

    /// FNV-1a (64-bit) over `salt:photoId`, written in base 62. Not a secret: photo ids are public already.
    public static func derive(from photoId: String, salt: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(salt):\(photoId)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var chars: [UInt8] = []
        for _ in 0..<length {
            chars.append(alphabet[Int(hash % 62)])
            hash /= 62
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// Checks shape only, so malformed ids are refused before touching the database.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}
