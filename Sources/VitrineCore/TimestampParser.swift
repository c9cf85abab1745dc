/// Reads the ISO-8601 instants clients send (`GET /api/v1/photos?before=`), strictly and without Foundation.
///
/// Accepted: `YYYY-MM-DD` (midnight UTC) and `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM`
/// (a time needs its zone: without one, an instant would depend on where the server runs). Years 0000–9999,
/// real calendar days, no leap second; digits beyond the millisecond are dropped. Anything else is nil,
/// and no input can trap: every field is at most a few digits before any arithmetic.
public enum TimestampParser {
    /// Milliseconds since the epoch, or nil for anything but the forms above.
    public static func milliseconds(_ text: String) -> Int64? {
        var reader = Reader(bytes: Array(text.utf8.prefix(64)))
        guard text.utf8.count <= 64, let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), (1...12).contains(month), reader.skip("-"),
            let day = reader.number(digits: 2), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let midnight = (UTCMonth.days(year: year, month: month) + day - 1) * 86_400_000
        if reader.atEnd { return midnight }
        guard reader.skip("T") || reader.skip("t"), let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
            let minute = reader.number(digits: 2), minute < 60
        else { return nil }
        var second: Int64 = 0
        var millis: Int64 = 0
        if reader.skip(":") {
            guard let s = reader.number(digits: 2), s < 60 else { return nil }
            second = s
            if reader.skip(".") {
                var digits = 0
                while let digit = reader.digit() {
                    if digits < 3 { millis = millis * 10 + digit }
                    digits += 1
                    guard digits <= 9 else { return nil }
                }
                guard digits > 0 else { return nil }
                if digits == 1 { millis *= 100 } else if digits == 2 { millis *= 10 }
            }
        }
        var offsetMinutes: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
        } else if let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil {
            guard let hours = reader.number(digits: 2), hours < 24, reader.skip(":"),
                let minutes = reader.number(digits: 2), minutes < 60
            else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard reader.atEnd else { return nil }
        return midnight + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millis
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            index += 1
            return Int64(bytes[index - 1] - 48)
        }

        /// Exactly `digits` ASCII digits.
        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
