/// Parse's dates: ISO-8601 in UTC with milliseconds, `2018-03-04T05:06:07.089Z`. Reading them is pure
/// standard-library code (fuzzed with the rest of `where`); writing is in `ParseDate+Formatting.swift`.
enum ParseDate {
    /// Milliseconds since the epoch of an RFC 3339 timestamp: `YYYY-MM-DDTHH:MM:SS`, an optional fraction
    /// (1–9 digits, cut to milliseconds as JavaScript's `Date` does), then `Z` or an offset `±HH:MM`/`±HHMM`.
    /// Nil for anything else, including impossible dates such as February 30.
    static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        var position = 0
        func number(_ width: Int) -> Int? {
            guard position + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + width] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += width
            return value
        }
        func take(_ allowed: String) -> Bool {
            guard position < bytes.count, allowed.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2), take("Tt"),
            let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var millisecond = 0
        if take(".") {
            var digits = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if digits < 3 { millisecond = millisecond * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                digits += 1
                position += 1
            }
            guard (1...9).contains(digits) else { return nil }
            var scale = digits
            while scale < 3 {
                millisecond *= 10
                scale += 1
            }
        }
        var offsetMinutes = 0
        if !take("Zz") {
            let sign: Int
            if take("+") {
                sign = 1
            } else if take("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(2) else { return nil }
            _ = take(":")
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard position == bytes.count else { return nil }
        // Every part is range-checked above, so this arithmetic stays far from Int64's bounds.
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return Int64(seconds) * 1000 + Int64(millisecond)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
