/// A calendar month in UTC: the timeline's bucket.
///
/// A photo's month is the UTC month of its `takenAt`. `takenAt` is one instant for every reader (a wall-clock
/// time of unknown zone is stored as that time read as UTC), so counts kept by the catalog, pages asked for by
/// month and a client's sections all agree whoever asks and wherever they are; a photo shot late on the last
/// evening of a month east of UTC with a known offset therefore counts in the next month.
public struct UTCMonth: Sendable, Hashable, Comparable {
    /// Months since January of year 0 (`year * 12 + month - 1`): the key the catalogs keep counts under.
    public var index: Int64

    public init(index: Int64) { self.index = index }

    /// Nil for a month outside 1…12 or a year beyond what an `Int64` of milliseconds reaches.
    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (-Self.maximumYear...Self.maximumYear).contains(year) else { return nil }
        self.index = Int64(year) * 12 + Int64(month - 1)
    }

    /// The month holding an instant, for every `Int64` (floor division, so instants before 1970 count in
    /// their own month).
    public init(milliseconds: Int64) {
        let (days, _) = TimestampFormatter.floorDivide(milliseconds, 86_400_000)
        let (year, month, _) = TimestampFormatter.civil(fromDays: days)
        self.index = Int64(year) * 12 + Int64(month - 1)
    }

    public var year: Int { Int(TimestampFormatter.floorDivide(index, 12).0) }
    /// 1 (January) … 12.
    public var month: Int { Int(TimestampFormatter.floorDivide(index, 12).1) + 1 }

    /// The month after this one.
    public var next: UTCMonth { UTCMonth(index: index &+ 1) }

    /// The month's first millisecond; nil when it lies outside `Int64`.
    public var startMilliseconds: Int64? {
        let year = self.year
        guard (-Self.maximumYear...Self.maximumYear).contains(year) else { return nil }
        let days = Self.days(year: Int64(year), month: Int64(month))
        let (ms, overflow) = days.multipliedReportingOverflow(by: 86_400_000)
        return overflow ? nil : ms
    }

    /// Beyond any year an `Int64` of milliseconds reaches (about 292 million), so the arithmetic stays far
    /// from overflow.
    static let maximumYear = 300_000_000

    /// Howard Hinnant's days-from-civil, for the first day of a month.
    static func days(year: Int64, month: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func < (a: UTCMonth, b: UTCMonth) -> Bool { a.index < b.index }
}
