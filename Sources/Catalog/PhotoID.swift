import VitrineCore

/// Short, URL-safe, unguessable photo identifiers: 72 random bits as 12 base64url characters.
public enum PhotoID {
    static let alphabet = Base64URL.alphabet
    public static let length = 12

    /// `SystemRandomNumberGenerator` reads the OS CSPRNG, so ids cannot be predicted from earlier ones.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var chars: [UInt8] = []
        chars.reserveCapacity(length)
        for _ in 0..<length { chars.append(alphabet[Int(generator.next(upperBound: UInt8(64)))]) }
        return String(decoding: chars, as: UTF8.self)
    }

    /// Checks shape only (length and alphabet), so malformed ids are rejected before touching the database.
    public static func isValid(_ id: some StringProtocol) -> Bool {
        id.utf8.count == length && id.utf8.allSatisfy { alphabet.contains($0) }
    }
}
