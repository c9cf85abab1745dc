/// The SHA-256 of a blob's bytes, as 64 lowercase hex digits: the blob's name and its integrity check.
public struct BlobKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let hex: String

    /// Accepts only 64 lowercase hex digits, so a key can never smuggle a path separator or `..`.
    public init?(hex: String) {
        guard hex.utf8.count == 64,
            hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        self.hex = hex
    }

    /// The key of a SHA-256 digest (32 bytes), for the stores that hash what they write.
    public init(digest: some Sequence<UInt8>) { hex = Hex.encode(digest) }

    public var description: String { hex }
    public static func < (lhs: BlobKey, rhs: BlobKey) -> Bool { lhs.hex < rhs.hex }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        guard let key = BlobKey(hex: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a blob key"))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
