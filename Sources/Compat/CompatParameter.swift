/// How the compatible APIs read single parameter values, the way the original services take what their
/// clients send. Pure standard-library code (fuzzed under Tests/Fuzz).
enum CompatParameter {
    /// What a client writes for "no value": empty, Python's `None`, JSON's `null`, JavaScript's `undefined`
    /// (any case). An optional parameter given one of these is absent.
    static func isPlaceholder(_ text: String) -> Bool {
        guard text.utf8.count <= 9 else { return false }
        switch text.lowercased() {
        case "", "none", "null", "undefined": return true
        default: return false
        }
    }

    enum Reading<Value> {
        case absent
        case value(Value)
        /// An integer with more digits than `Int` holds, positive or negative.
        case overflow(negative: Bool)
        case invalid
    }

    /// `true`/`false` in any case (Python writes `True`/`False`), or `1`/`0`; a placeholder is absent.
    static func boolean(_ text: String?) -> Reading<Bool> {
        guard let text, !isPlaceholder(text) else { return .absent }
        guard text.utf8.count <= 5 else { return .invalid }
        switch text.lowercased() {
        case "true", "1": return .value(true)
        case "false", "0": return .value(false)
        default: return .invalid
        }
    }

    /// A decimal integer (optional sign, digits only); one beyond `Int`'s range is `overflow`, so that
    /// "too large" stays distinct from "not a number" and never wraps; a placeholder is absent.
    static func integer(_ text: String?) -> Reading<Int> {
        guard let text, !isPlaceholder(text) else { return .absent }
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return .invalid }
        // Accumulated negatively, so that Int.min itself is in range.
        var value = 0
        var overflowed = false
        for byte in digits.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .invalid }
            guard !overflowed else { continue }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.subtractingReportingOverflow(digit)
            overflowed = overflowTimes || overflowSum
            value = sum
        }
        if overflowed { return .overflow(negative: negative) }
        if negative { return .value(value) }
        guard value != Int.min else { return .overflow(negative: false) }
        return .value(-value)
    }

    /// At most `limit` UTF-8 bytes of `text`, cut on a scalar boundary, for echoing input in an error.
    static func excerpt(_ text: String, limit: Int = 64) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= limit else { break }
            result.unicodeScalars.append(scalar)
        }
        return result + "…"
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }
}
