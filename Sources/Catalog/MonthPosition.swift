import VitrineCore

/// Where a photo sits in the timeline: its UTC month (`UTCMonth`) and how many photos matching a filter sort
/// above it in that month, newest first. A client that lays out the library as month sections from
/// `monthCounts(filter:)` addresses a tile as exactly this pair, so a deep link lands on it at once.
public struct MonthPosition: Sendable, Equatable {
    public var month: UTCMonth
    /// The photo's index in its month, newest first (takenAt descending, then id): `page(after:offset:)` from
    /// the month's top with this offset starts at the photo when the filter matches it.
    public var offset: Int

    public init(month: UTCMonth, offset: Int) {
        self.month = month
        self.offset = offset
    }
}

extension PageCursor {
    /// The UTC month of this position's `takenAt`.
    public var month: UTCMonth { UTCMonth(milliseconds: takenAt) }

    /// The first millisecond after this position's month, the exclusive upper end of the index range a month
    /// offset counts over; nil when the next month starts beyond `Int64` (the month then reaches the last
    /// instant there is, and the range has no upper end).
    public var monthEnd: Int64? { month.next.startMilliseconds }
}
