/// A position in the newest-first order: the last item a page returned.
///
/// Opaque to clients (base64url of `takenAt.id`), so the ordering can change without breaking URLs' meaning.
public struct PageCursor: Sendable, Equatable {
    public var takenAt: Int64
    public var id: String

    public init(takenAt: Int64, id: String) {
        self.takenAt = takenAt
        self.id = id
    }

    public var encoded: String { Base64URL.encode(Array("\(takenAt).\(id)".utf8)) }

    /// Nil for anything that is not a cursor this server produced.
    public init?(encoded: String) {
        guard encoded.utf8.count <= 64, let bytes = Base64URL.decode(encoded) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let takenAt = Int64(parts[0]), PhotoID.isValid(parts[1]) else { return nil }
        self.init(takenAt: takenAt, id: String(parts[1]))
    }
}

/// Unpadded base64url, small enough not to need Foundation.
public enum Base64URL {
    static let alphabet = PhotoID.alphabet

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<(chunk.count + 1) { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var values: [Int] = []
        for char in text.utf8 {
            guard let value = alphabet.firstIndex(of: char) else { return nil }
            values.append(value)
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var value = 0
            for (offset, sextet) in chunk.enumerated() { value |= sextet << (18 - 6 * offset) }
            for position in 0..<(chunk.count - 1) { out.append(UInt8((value >> (16 - 8 * position)) & 255)) }
            index += 4
        }
        return out
    }
}
