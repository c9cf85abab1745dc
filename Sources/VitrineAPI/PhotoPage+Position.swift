extension PhotoPage {
    /// Where the photo of an `around` page sits: its UTC month and its index there among the filter's matches,
    /// newest first. `month` (as `YYYY-MM`) and `offset` on `GET /api/v1/photos` start a page at it, and a
    /// client laid out in month sections from `Timeline` finds its tile without paging.
    public struct Position: Codable, Sendable, Equatable {
        public var year: Int
        /// 1 (January) … 12.
        public var month: Int
        public var offset: Int

        public init(year: Int, month: Int, offset: Int) {
            self.year = year
            self.month = month
            self.offset = offset
        }
    }
}
