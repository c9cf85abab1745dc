/// ISO-8601 timestamps without Foundation, so clients of every kind read the same text.
public enum TimestampFormatter {
    /// - Parameters:
    ///   - milliseconds: since the epoch; for a wall-clock time of unknown zone, that time read as UTC.
    ///   - offsetMinutes: the zone, when known. With `nil` and `floating`, no zone designator is written,
    ///     so `2015-07-21T16:17:44` reads as the local time it was shot at.
    /// Times outside years 1–9999 are written as the nearest end of that range, and offsets beyond ±23:59
    /// as ±23:59: the values come from files and catalog rows, and formatting one must never trap.
    public static func string(milliseconds: Int64, offsetMinutes: Int?, floating: Bool = false) -> String {
        let offsetMinutes = offsetMinutes.map { min(max($0, -maximumOffsetMinutes), maximumOffsetMinutes) }
        let offset = offsetMinutes ?? 0
        let clamped = min(max(milliseconds, representable.lowerBound), representable.upperBound)
        let local = min(max(clamped + Int64(offset) * 60_000, representable.lowerBound), representable.upperBound)
        let (seconds, millis) = floorDivide(local, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text =
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(Int(secondOfDay / 3600), 2)):"
            + "\(pad(Int(secondOfDay % 3600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2))"
        if millis != 0 { text += "." + pad(Int(millis), 3) }
        if let offsetMinutes {
            if offsetMinutes == 0 { return text + "Z" }
            let sign = offsetMinutes < 0 ? "-" : "+"
            return text + "\(sign)\(pad(abs(offsetMinutes) / 60, 2)):\(pad(abs(offsetMinutes) % 60, 2))"
        }
        return floating ? text : text + "Z"
    }

    /// 0001-01-01T00:00:00 to 9999-12-31T23:59:59.999, as UTC and as local time.
    static let representable: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
    static let maximumOffsetMinutes = 23 * 60 + 59

    /// Quotient rounded down and the remainder that goes with it (0 ..< b for a positive `b`), for every
    /// `Int64` `a`: no negation, so `Int64.min` does not trap.
    public static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let (q, r) = (a / b, a % b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Howard Hinnant's civil-from-days.
    public static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
