import VitrineCore

/// A position in a relevance-ordered result: how many results came before.
///
/// Relevance scores move as the catalog changes, so unlike `PageCursor` this is an offset; search results
/// are short-lived and short, which is what offsets handle well.
public struct RelevanceCursor: Sendable, Equatable {
    public var offset: Int

    public init(offset: Int) { self.offset = offset }

    public var encoded: String { Base64URL.encode(Array("r\(offset)".utf8)) }

    /// Nil for anything that is not a cursor this server produced: `r` and at most 7 decimal digits, up to
    /// `maximumOffset`, so parsing never meets a number it cannot hold.
    public init?(encoded: String) {
        guard encoded.utf8.count <= 16, let bytes = Base64URL.decode(encoded), bytes.first == UInt8(ascii: "r")
        else { return nil }
        let digits = bytes.dropFirst()
        guard (1...7).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let offset = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        guard offset <= Self.maximumOffset else { return nil }
        self.offset = offset
    }

    /// The deepest offset a cursor may carry, the largest `serve --relevance-depth` allows.
    public static let maximumOffset = 1_000_000
}
