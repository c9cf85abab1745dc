/// JSON text written straight into bytes, for the documents the server sends on its hot paths (pages and
/// photo details).
///
/// `JSONEncoder` builds a box per value, a container per object and a key string per field, and a page of
/// 100 photos spent most of its encoding time there. This writer appends to one growing buffer. Each wire
/// type's `write(to:)` lists its fields in declaration order and omits `nil` exactly where the synthesized
/// `Encodable` conformance does, so a client cannot tell the two apart. Tests decode both outputs and
/// compare.
///
/// Separators are implied: a key or an array element is preceded by a comma unless it is the first thing
/// after `{` or `[`, so callers never track commas.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() { bytes.append(UInt8(ascii: "}")) }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func endArray() { bytes.append(UInt8(ascii: "]")) }

    /// `"name":`; names are the wire types' own field names, ASCII without anything to escape.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { escape($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func int(_ value: Int) { int64(Int64(value)) }

    public mutating func int64(_ value: Int64) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: Int64.min has none as a signed number.
        var magnitude = value.magnitude
        // 20 digits at most (UInt64.max), in 24 bytes on the stack.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// The shortest text that reads back as the same double; `null` for infinities and NaN, which JSON
    /// cannot write (the server's mappings drop them first).
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    // MARK: - Fields

    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    /// Omitted when nil, as a synthesized `Encodable` conformance does (`encodeIfPresent`).
    public mutating func field(_ name: StaticString, ifPresent value: String?) {
        guard let value else { return }
        field(name, value)
    }

    public mutating func field(_ name: StaticString, ifPresent value: Int?) {
        guard let value else { return }
        field(name, value)
    }

    public mutating func field(_ name: StaticString, ifPresent value: Double?) {
        guard let value else { return }
        key(name)
        double(value)
    }

    /// Written as `null` when nil: a page's `nextCursor`, which clients test for null, not for a missing key.
    public mutating func field(_ name: StaticString, orNull value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// An array of values each written by `write`.
    public mutating func field<Items: Sequence>(
        _ name: StaticString, each items: Items, _ write: (Items.Element, inout JSONWriter) -> Void
    ) {
        key(name)
        beginArray()
        for item in items { write(item, &self) }
        endArray()
    }

    // MARK: - Internals

    /// Set after a key, so its value is not preceded by a comma.
    private var afterKey = false

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") else { return }
        bytes.append(UInt8(ascii: ","))
    }

    /// Appends UTF-8 text with `"`, `\` and the C0 controls escaped, copying unescaped runs whole.
    private mutating func escape(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (index, byte) in text.enumerated()
        where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                ])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }
}
