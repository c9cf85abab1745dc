/// Any JSON value, for reading Parse's `where`. A boolean never passes for a number.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    enum ParseFailure: Error, Equatable {
        case syntax
        /// Arrays and objects nested deeper than the parser's bound.
        case tooDeep
        /// A number that a Double cannot hold (`1e999`): refused rather than read as infinity.
        case notFinite
    }

    /// Strict RFC 8259 JSON over UTF-8 bytes: one value, whitespace around it, nothing else.
    ///
    /// Its own small parser rather than `JSONDecoder`, so that nesting is bounded by `maximumDepth`
    /// (recursion depth, and so stack use, stays small whatever the input), non-finite numbers are refused,
    /// and the fuzz targets build it without Foundation. On duplicate keys the last one wins, as in
    /// JavaScript's `JSON.parse`.
    static func parse(_ text: String, maximumDepth: Int) throws(ParseFailure) -> JSONValue {
        var reader = Reader(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw .syntax }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        var isAtEnd: Bool { position >= bytes.count }
        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func expect(_ literal: String) throws(ParseFailure) {
            for byte in literal.utf8 {
                guard current == byte else { throw .syntax }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(ParseFailure) -> JSONValue {
            guard let byte = current else { throw .syntax }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw .syntax
            }
        }

        mutating func object(depth: Int) throws(ParseFailure) -> JSONValue {
            guard depth <= maximumDepth else { throw .tooDeep }
            position += 1
            var fields: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(fields)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw .syntax }
                let name = try string()
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                fields[name] = try value(depth: depth)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    return .object(fields)
                default: throw .syntax
                }
            }
        }

        mutating func array(depth: Int) throws(ParseFailure) -> JSONValue {
            guard depth <= maximumDepth else { throw .tooDeep }
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    return .array(items)
                default: throw .syntax
                }
            }
        }

        mutating func number() throws(ParseFailure) -> Double {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            if current == UInt8(ascii: "0") {
                position += 1
            } else {
                guard digits() > 0 else { throw .syntax }
            }
            if current == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw .syntax }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw .syntax }
            }
            let lexeme = String(decoding: bytes[start..<position], as: UTF8.self)
            guard let number = Double(lexeme) else { throw .syntax }
            guard number.isFinite else { throw .notFinite }
            return number
        }

        mutating func digits() -> Int {
            var count = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                position += 1
                count += 1
            }
            return count
        }

        mutating func string() throws(ParseFailure) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flush(_ end: Int) {
                if runStart < end {
                    scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard let byte = current else { throw .syntax }
                switch byte {
                case UInt8(ascii: "\""):
                    flush(position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(position)
                    position += 1
                    scalars.append(try escape())
                    runStart = position
                case 0x00..<0x20:
                    throw .syntax
                default:
                    position += 1
                }
            }
        }

        mutating func escape() throws(ParseFailure) -> Unicode.Scalar {
            guard let byte = current else { throw .syntax }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hex4()
                switch unit {
                case 0xD800..<0xDC00:
                    // A high surrogate must be followed by an escaped low one.
                    try expect("\\u")
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw .syntax }
                    let code = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    guard let scalar = Unicode.Scalar(code) else { throw .syntax }
                    return scalar
                case 0xDC00..<0xE000:
                    throw .syntax
                default:
                    guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw .syntax }
                    return scalar
                }
            default:
                throw .syntax
            }
        }

        mutating func hex4() throws(ParseFailure) -> UInt16 {
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw .syntax }
                let digit: UInt16
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
                default: throw .syntax
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }
    }
}
