import Testing

@testable import Imaging

@Suite struct ExifReaderTests {
    @Test func rawValueIsTheTextBeforeLibvipsTrailer() {
        #expect(ExifReader.rawValue(of: "E-M1 (E-M1, ASCII, 5 components, 5 bytes)") == "E-M1")
        #expect(ExifReader.rawValue(of: "1/160 (1/160 sec., Rational, 1 components, 8 bytes)") == "1/160")
        #expect(
            ExifReader.rawValue(of: "EF-S 18-55mm (kit) (EF-S 18-55mm (kit), ASCII, 19 components, 19 bytes)")
                == "EF-S 18-55mm (kit)")
    }

    @Test func truncatedFieldsStillGiveTheirText() {
        let cut = "Colorful cups. Aarhus (2014). (Colorful cups. Aarhus (2014)., A"
        #expect(ExifReader.rawValue(of: cut) == "Colorful cups. Aarhus (2014).")
    }

    @Test func parsesRationalsCoordinatesDatesAndOffsets() {
        #expect(ExifReader.rationals("56/1 9359705/1000000 0/1") == [56, 9.359705, 0])
        #expect(ExifReader.rationals("1/0") == [])
        let latitude = ExifReader.coordinate("56/1 9359705/1000000 0/1", ref: "N", negative: "S")
        #expect(abs((latitude ?? 0) - 56.155995083) < 1e-8)
        #expect(ExifReader.coordinate("10/1 30/1 0/1", ref: "W", negative: "W") == -10.5)
        #expect(ExifReader.coordinate("10/1 30/1", ref: "W", negative: "W") == nil)
        #expect(
            ExifReader.parseDateTime("2015:07:21 16:17:44")
                == ExifDateTime(year: 2015, month: 7, day: 21, hour: 16, minute: 17, second: 44))
        #expect(ExifReader.parseDateTime("0000:00:00 00:00:00") == nil)
        #expect(ExifReader.parseDateTime("    :  :     :  :  ") == nil)
        #expect(ExifReader.parseOffset("+02:00") == 120)
        #expect(ExifReader.parseOffset("-05:30") == -330)
        #expect(ExifReader.parseOffset("02:00") == nil)
    }

    @Test func epochSecondsFromCivilTime() {
        #expect(ExifDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSinceEpochAsUTC == 0)
        #expect(
            ExifDateTime(year: 2000, month: 3, day: 1, hour: 12, minute: 0, second: 0).secondsSinceEpochAsUTC
                == 951_912_000)
    }
}
