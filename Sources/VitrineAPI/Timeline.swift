/// `GET /api/v1/timeline`: the months that have photos, newest first, with how many each has; a client lays
/// out the whole library from it before loading any photo.
public struct Timeline: Codable, Sendable, Equatable {
    /// A UTC month of `takenAt` (`UTCMonth`).
    public struct Month: Codable, Sendable, Equatable {
        public var year: Int
        /// 1 (January) … 12.
        public var month: Int
        public var count: Int

        public init(year: Int, month: Int, count: Int) {
            self.year = year
            self.month = month
            self.count = count
        }
    }

    public var months: [Month]
    /// The sum of the months' counts: the photos matching the filter.
    public var total: Int

    public init(months: [Month], total: Int) {
        self.months = months
        self.total = total
    }
}
