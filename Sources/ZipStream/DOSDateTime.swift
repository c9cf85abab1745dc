/// The date and time fields of a zip record (MS-DOS format): local wall-clock time, two-second steps,
/// years 1980 to 2107. A time outside that span is clamped to its nearest end.
public struct DOSDateTime: Sendable, Equatable {
    public let date: UInt16
    public let time: UInt16

    /// From calendar fields as a photo's wall clock gives them; fields out of range are clamped, so any
    /// value (a catalog row, a file's EXIF) gives a valid record.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        if year < 1980 {
            (date, time) = (Self.pack(1980, 1, 1), 0)
            return
        }
        if year > 2107 {
            (date, time) = (Self.pack(2107, 12, 31), Self.packTime(23, 59, 58))
            return
        }
        date = Self.pack(year, Self.clamp(month, 1, 12), Self.clamp(day, 1, 31))
        time = Self.packTime(Self.clamp(hour, 0, 23), Self.clamp(minute, 0, 59), Self.clamp(second, 0, 59))
    }

    /// From the start of an ISO 8601 wall-clock time, `YYYY-MM-DDThh:mm:ss` (what follows is ignored);
    /// nil when it does not start so.
    public init?(wallClock text: String) {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10]), let hour = Self.number(bytes[11..<13]),
            let minute = Self.number(bytes[14..<16]), let second = Self.number(bytes[17..<19])
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(d - UInt8(ascii: "0"))
        }
        return value
    }

    static func clamp(_ v: Int, _ lower: Int, _ upper: Int) -> Int { v < lower ? lower : (v > upper ? upper : v) }

    static func pack(_ year: Int, _ month: Int, _ day: Int) -> UInt16 {
        UInt16((year - 1980) << 9 | month << 5 | day)
    }

    static func packTime(_ hour: Int, _ minute: Int, _ second: Int) -> UInt16 {
        UInt16(hour << 11 | minute << 5 | second / 2)
    }
}
