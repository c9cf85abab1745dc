import VitrineCore

/// How many photos matching a filter were taken in one UTC month (`UTCMonth`).
public struct MonthCount: Sendable, Equatable {
    public var month: UTCMonth
    public var count: Int

    public init(month: UTCMonth, count: Int) {
        self.month = month
        self.count = count
    }
}
