/// One month of the library as the server lists it (`GET /api/v1/timeline`:
/// `[{year, month, count}]`, newest first): the input of a ``TimelineLayout``.
public struct TimelineMonth: Equatable, Sendable {
    public var year: Int32
    /// 1 (January) … 12; only a label here, never used as an index.
    public var month: Int32
    /// Photos in the month; negative counts are taken as 0.
    public var count: Int

    public init(year: Int32, month: Int32, count: Int) {
        self.year = year
        self.month = month
        self.count = count
    }
}
