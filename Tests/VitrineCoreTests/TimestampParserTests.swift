import Foundation
import TestSupport
import Testing
import VitrineCore

/// `TimestampParser`: the forms clients send, read as `TimestampFormatter` writes them; everything else nil.
@Suite struct TimestampParserTests {
    @Test func readsDatesAndTimesWithTheirZone() {
        #expect(TimestampParser.milliseconds("1970-01-01") == 0)
        #expect(TimestampParser.milliseconds("1970-01-01T00:00Z") == 0)
        #expect(TimestampParser.milliseconds("1969-12-31T23:59:59.999Z") == -1)
        #expect(TimestampParser.milliseconds("2025-11-01T00:00:00+01:00") == 1_761_951_600_000)
        #expect(TimestampParser.milliseconds("2025-11-01T00:00:00.5-00:30") == 1_761_957_000_500)
        #expect(TimestampParser.milliseconds("2000-02-29") == 951_782_400_000)
        #expect(TimestampParser.milliseconds("2024-06-30T12:34:56.789123Z") == 1_719_750_896_789)
        #expect(TimestampParser.milliseconds("0000-01-01") == -62_167_219_200_000)
    }

    @Test func readsWhatTheFormatterWrites() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2000 {
            let ms = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
            let offset = Int.random(in: -1439...1439, using: &generator)
            for zone in [nil, offset] {
                let text = TimestampFormatter.string(milliseconds: ms, offsetMinutes: zone)
                #expect(TimestampParser.milliseconds(text) == ms, "\(text)")
            }
        }
    }

    @Test func refusesEverythingElse() {
        let refused = [
            "", "2025", "2025-11", "2025-13-01", "2025-00-10", "2025-02-29", "2025-04-31", "2025-11-01T",
            "2025-11-01T10Z",
            "2025-11-01T10:00", "2025-11-01T24:00Z", "2025-11-01T10:60Z", "2025-11-01T10:00:60Z",
            "2025-11-01T10:00:00.Z",
            "2025-11-01T10:00:00.1234567890Z", "2025-11-01T10:00+1:00", "2025-11-01T10:00+24:00", "2025-11-01 10:00Z",
            "+2025-11-01", "-001-01-01", "12025-11-01", "2025-11-01Z", "2025-11-01T10:00Zjunk", "２０２５-11-01",
            "2025-11-01T10:00:00+01:00:00", String(repeating: "9", count: 100), "1e3", "NaN",
        ]
        for text in refused { #expect(TimestampParser.milliseconds(text) == nil, "\(text)") }
    }

    @Test func noInputTraps() {
        var generator = SeededGenerator(seed: 6)
        let alphabet = Array("0123456789-:TZ+.tz9 ")
        for _ in 0..<20_000 {
            let text = String(
                (0..<Int.random(in: 0...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            _ = TimestampParser.milliseconds(text)
        }
    }
}
