/// A single `Range: bytes=…` request, resolved against a known size.
///
/// Only one range is honoured; a multi-range request is answered with the whole file (RFC 9110 allows it).
/// The header is the client's: positions are plain decimal digits that fit in `Int64` (a header with any
/// other is ignored, as RFC 9110 allows), and no arithmetic here can overflow.
public enum ByteRange: Equatable, Sendable {
    /// No usable Range header: send everything.
    case whole
    case partial(ClosedRange<Int64>)
    /// Syntactically fine but outside the file: 416.
    case unsatisfiable

    public init(header: String?, size: Int64) {
        guard let header, size >= 0 else {
            self = .whole
            return
        }
        let trimmed = Self.trimmed(Array(header.utf8)[...])
        let unit = Array("bytes=".utf8)
        guard trimmed.count > unit.count,
            zip(trimmed.prefix(unit.count), unit).allSatisfy({ Self.asciiLowercased($0) == $1 }),
            !trimmed.contains(UInt8(ascii: ","))
        else {
            self = .whole
            return
        }
        let spec = Array(trimmed.dropFirst(unit.count))
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else {
            self = .whole
            return
        }
        let first = Self.trimmed(spec[..<dash])
        let last = Self.trimmed(spec[(dash + 1)...])
        if first.isEmpty {
            // Suffix range: the last N bytes.
            guard let count = Self.decimal(last) else {
                self = .whole
                return
            }
            guard count > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            // Both are non-negative, so the difference cannot overflow.
            self = .partial(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Self.decimal(first) else {
            self = .whole
            return
        }
        var end = size - 1
        if !last.isEmpty {
            guard let parsed = Self.decimal(last), parsed >= start else {
                self = .whole
                return
            }
            end = min(parsed, size - 1)
        }
        guard start < size else {
            self = .unsatisfiable
            return
        }
        self = .partial(start...end)
    }

    /// Non-empty ASCII digits as a number; nil for anything else (signs included) or past `Int64.max`.
    static func decimal(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (48...57).contains(byte) else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 48))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}
