import Foundation
import Testing

@testable import VitrineCore

@Suite struct TimestampFormatterTests {
    @Test func writesUTCWithZ() {
        #expect(TimestampFormatter.string(milliseconds: 0, offsetMinutes: 0) == "1970-01-01T00:00:00Z")
        #expect(
            TimestampFormatter.string(milliseconds: 1_700_000_000_123, offsetMinutes: 0)
                == "2023-11-14T22:13:20.123Z")
    }

    @Test func writesLocalTimeWithItsOffset() {
        // 2015-07-21T14:17:44Z seen from +02:00.
        #expect(
            TimestampFormatter.string(milliseconds: 1_437_488_264_000, offsetMinutes: 120)
                == "2015-07-21T16:17:44+02:00")
        #expect(
            TimestampFormatter.string(milliseconds: 1_437_488_264_000, offsetMinutes: -330)
                == "2015-07-21T08:47:44-05:30")
    }

    /// Catalog rows and files can hold any Int64 and any offset; formatting clamps instead of trapping.
    @Test(arguments: [Int64.min, Int64.min + 1, -62_135_596_800_001, 253_402_300_800_000, Int64.max])
    func extremeTimesAreClampedToYearsOneToNineThousand(_ milliseconds: Int64) {
        for offset in [nil, 0, 840, -720, Int.max, Int.min] as [Int?] {
            let text = TimestampFormatter.string(milliseconds: milliseconds, offsetMinutes: offset)
            #expect(text.hasPrefix(milliseconds < 0 ? "0001-01-01T" : "9999-12-31T"), "\(text)")
        }
        #expect(TimestampFormatter.string(milliseconds: 0, offsetMinutes: Int.max) == "1970-01-01T23:59:00+23:59")
    }

    @Test func floatingTimesHaveNoZone() {
        #expect(
            TimestampFormatter.string(milliseconds: 1_437_495_464_000, offsetMinutes: nil, floating: true)
                == "2015-07-21T16:17:44")
    }

    @Test func agreesWithFoundationAcrossCenturies() {
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: Int64(-2_208_988_800), through: 4_102_444_800, by: 86_400 * 97 + 3_607) {
            let ours = TimestampFormatter.string(milliseconds: seconds * 1000, offsetMinutes: 0)
            #expect(ours == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
    }
}
