/// A query string decoded the way clients encode it: `application/x-www-form-urlencoded`, as the WHATWG URL
/// standard parses it and as browsers' `URLSearchParams`, Python's `urlencode` and JavaScript's `qs` write it.
///
/// - The string splits on `&`; empty pieces are skipped.
/// - The first `=` of a piece separates name and value; a piece without one is a name with an empty value.
/// - In names and values alike, `+` is a space, then `%XX` escapes are decoded as UTF-8 bytes.
/// - An invalid escape (`%`, `%4`, `%zz`) stays literally, as the standard, browsers and Python keep it;
///   bytes that are not UTF-8 after decoding become U+FFFD. A query string therefore always decodes:
///   what a value means is for its handler to check.
///
/// Pure standard-library code, so the libFuzzer targets under Tests/Fuzz compile it on its own.
public struct FormQuery: Sendable, Equatable {
    public struct Pair: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every parameter in the order it came, repeats included.
    public var pairs: [Pair]

    public init(pairs: [Pair] = []) {
        self.pairs = pairs
    }

    /// Decodes a raw query string (what follows `?`, without it); nil is an empty query.
    public init(_ query: String?) {
        pairs = []
        guard let query else { return }
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                pairs.append(
                    Pair(
                        name: Self.decode(piece[piece.startIndex..<equals]),
                        value: Self.decode(piece[piece.index(after: equals)...])))
            } else {
                pairs.append(Pair(name: Self.decode(piece), value: ""))
            }
        }
    }

    /// The first value given for `name`, as `Parameters` answers.
    public subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value given for `name`, in order.
    public func getAll(_ name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    /// One name or value: `+` to space, then percent escapes; invalid escapes stay as they are.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, let high = hexValue(bytes[index]) else {
                    decoded.append(byte)
                    continue
                }
                let next = bytes.index(after: index)
                guard next != bytes.endIndex, let low = hexValue(bytes[next]) else {
                    decoded.append(byte)
                    continue
                }
                decoded.append(high << 4 | low)
                index = bytes.index(after: next)
            default:
                decoded.append(byte)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
