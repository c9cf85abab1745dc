/// A request time in SigV4's two forms, `20150830T123600Z` and `20150830`, computed from Unix seconds
/// without a date formatter (none is needed for UTC, and formatters are not cheap to share across tasks).
public struct AmzTime: Sendable, Equatable {
    public let amzDate: String
    public var dateStamp: String { String(amzDate.prefix(8)) }

    public init(unixSeconds: Int64) {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondsOfDay = unixSeconds - days * 86_400
        // Howard Hinnant's civil-from-days, valid for every day of the proleptic Gregorian calendar.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        amzDate =
            pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(secondsOfDay / 3600, 2)
            + pad(secondsOfDay / 60 % 60, 2) + pad(secondsOfDay % 60, 2) + "Z"
    }

    /// The current time.
    public static func now() -> AmzTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return AmzTime(unixSeconds: Int64(spec.tv_sec))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
