import VitrineCore

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
        guard parts.count == 2, let takenAt = Self.integer(parts[0]), PhotoID.isValid(parts[1]) else { return nil }
        self.init(takenAt: takenAt, id: String(parts[1]))
    }
}

extension PageCursor {
    /// `-?[0-9]+` within `Int64`, as `encoded` writes it; nil for signs, spaces or a number out of range.
    static func integer(_ text: Substring) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)
    }
}
