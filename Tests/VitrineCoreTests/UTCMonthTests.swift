import Testing
import VitrineCore

/// `UTCMonth`: the month of any instant, and the first instant of a month.
@Suite struct UTCMonthTests {
    @Test func instantsFallInTheirUTCMonth() {
        #expect(UTCMonth(milliseconds: 0) == UTCMonth(year: 1970, month: 1))
        #expect(UTCMonth(milliseconds: -1) == UTCMonth(year: 1969, month: 12))
        // 2000-02-29T23:59:59.999Z and 2000-03-01T00:00:00Z.
        #expect(UTCMonth(milliseconds: 951_868_799_999) == UTCMonth(year: 2000, month: 2))
        #expect(UTCMonth(milliseconds: 951_868_800_000) == UTCMonth(year: 2000, month: 3))
        let month = UTCMonth(milliseconds: 1_700_000_000_000)
        #expect((month.year, month.month) == (2023, 11))
    }

    @Test func aMonthStartsAtItsFirstInstantAndTheNextFollows() throws {
        for year in [-1, 0, 1, 1969, 1970, 2000, 2024, 9999] {
            for m in 1...12 {
                let month = try #require(UTCMonth(year: year, month: m))
                let start = try #require(month.startMilliseconds)
                #expect(UTCMonth(milliseconds: start) == month)
                #expect(UTCMonth(milliseconds: start - 1) == UTCMonth(index: month.index - 1))
                #expect((month.year, month.month) == (year, m))
                #expect(month.next.index == month.index + 1)
            }
        }
    }

    @Test func extremesNeitherTrapNorLeaveInt64() {
        for instant in [Int64.max, .min, .max - 1, .min + 1] {
            let month = UTCMonth(milliseconds: instant)
            #expect(month.startMilliseconds.map { $0 <= instant } ?? true)
        }
        #expect(UTCMonth(year: 2025, month: 0) == nil)
        #expect(UTCMonth(year: 2025, month: 13) == nil)
        #expect(UTCMonth(year: .max, month: 1) == nil)
        #expect(UTCMonth(index: .max).startMilliseconds == nil)
        #expect(UTCMonth(index: .min).startMilliseconds == nil)
    }
}
