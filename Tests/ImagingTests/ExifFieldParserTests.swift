import Testing
import VitrineCore

@testable import Imaging

@Suite struct ExifFieldParserTests {
    @Test func rawValueIsTheTextBeforeLibvipsTrailer() {
        #expect(ExifFieldParser.rawValue(of: "E-M1 (E-M1, ASCII, 5 components, 5 bytes)") == "E-M1")
        #expect(ExifFieldParser.rawValue(of: "1/160 (1/160 sec., Rational, 1 components, 8 bytes)") == "1/160")
        #expect(
            ExifFieldParser.rawValue(of: "EF-S 18-55mm (kit) (EF-S 18-55mm (kit), ASCII, 19 components, 19 bytes)")
                == "EF-S 18-55mm (kit)")
    }

    @Test func truncatedFieldsStillGiveTheirText() {
        let cut = "Colorful cups. Aarhus (2014). (Colorful cups. Aarhus (2014)., A"
        #expect(ExifFieldParser.rawValue(of: cut) == "Colorful cups. Aarhus (2014).")
    }

    @Test func parsesRationalsCoordinatesDatesAndOffsets() {
        #expect(ExifFieldParser.rationals("56/1 9359705/1000000 0/1") == [56, 9.359705, 0])
        #expect(ExifFieldParser.rationals("1/0") == [])
        let latitude = ExifFieldParser.coordinate("56/1 9359705/1000000 0/1", ref: "N", negative: "S")
        #expect(abs((latitude ?? 0) - 56.155995083) < 1e-8)
        #expect(ExifFieldParser.coordinate("10/1 30/1 0/1", ref: "W", negative: "W") == -10.5)
        #expect(ExifFieldParser.coordinate("10/1 30/1", ref: "W", negative: "W") == nil)
        #expect(
            ExifFieldParser.parseDateTime("2015:07:21 16:17:44")
                == ExifDateTime(year: 2015, month: 7, day: 21, hour: 16, minute: 17, second: 44))
        #expect(ExifFieldParser.parseDateTime("0000:00:00 00:00:00") == nil)
        #expect(ExifFieldParser.parseDateTime("    :  :     :  :  ") == nil)
        #expect(ExifFieldParser.parseOffset("+02:00") == 120)
        #expect(ExifFieldParser.parseOffset("-05:30") == -330)
        #expect(ExifFieldParser.parseOffset("02:00") == nil)
    }

    /// A value JSON cannot carry (`JSONEncoder` throws on it) or no camera writes is dropped, never stored.
    @Test(arguments: [
        "1/0", "0/0", "1e999", "1e999/1", "1e300/1e-300", "nan", "-nan", "inf", "-inf", "+inf/1", "0x1p3",
    ])
    func nonFiniteNumbersAreDropped(_ raw: String) {
        #expect(ExifFieldParser.rationals(raw) == [], "\(raw)")
        #expect(ExifFieldParser.exposureTime(raw) == nil, "\(raw)")
        #expect(ExifFieldParser.fNumber(raw) == nil, "\(raw)")
        #expect(ExifFieldParser.focalLength(raw) == nil, "\(raw)")
        #expect(ExifFieldParser.coordinate("\(raw) 0/1 0/1", ref: "N", negative: "S") == nil, "\(raw)")
    }

    @Test func numbersOutsideTheirRangeAreDropped() {
        #expect(ExifFieldParser.rationals("1e999 nan 1/2 -inf 3") == [0.5, 3])
        #expect(ExifFieldParser.exposureTime("1/250") == 0.004)
        #expect(ExifFieldParser.exposureTime("0/1") == nil && ExifFieldParser.exposureTime("-1/250") == nil)
        #expect(ExifFieldParser.exposureTime("1000000/1") == nil)
        #expect(ExifFieldParser.fNumber("28/10") == 2.8 && ExifFieldParser.fNumber("-28/10") == nil)
        #expect(ExifFieldParser.focalLength("50/1") == 50 && ExifFieldParser.focalLength("1e200/1") == nil)
        #expect(ExifFieldParser.iso("400") == 400 && ExifFieldParser.iso("400 400") == 400)
        for raw in ["0", "-5", "+5", "99999999999999999999", "9223372036854775807", "1e3", ""] {
            #expect(ExifFieldParser.iso(raw) == nil, "\(raw)")
        }
        #expect(ExifFieldParser.latitude("91/1 0/1 0/1", ref: "N") == nil)
        #expect(ExifFieldParser.latitude("89/1 59/1 0/1", ref: "S").map { $0 < -89.98 } == true)
        #expect(ExifFieldParser.longitude("179/1 0/1 0/1", ref: "W") == -179)
        #expect(ExifFieldParser.longitude("181/1 0/1 0/1", ref: "E") == nil)
        #expect(ExifFieldParser.longitude("-10/1 0/1 0/1", ref: "E") == nil)
        #expect(ExifFieldParser.parseDateTime("99999999999999999999:01:01 00:00:00") == nil)
        #expect(ExifFieldParser.parseDateTime("2015:07:21 16:17:+4") == nil)
        #expect(ExifFieldParser.parseOffset("+99999999999999999999:00") == nil)
        #expect(ExifFieldParser.parseOffset("+-2:00") == nil)
    }

    @Test func cameraTextLosesControlCharacters() {
        #expect(ExifFieldParser.text("  Canon\u{0}EOS\n70D\u{7f} \u{0}") == "CanonEOS70D")
        #expect(ExifFieldParser.text("\u{1}\u{2} ") == nil)
    }

    @Test func sanitizedMetadataKeepsOnlyFiniteInRangeValues() {
        var meta = PhotoMetadata()
        meta.camera = CameraSettings(
            make: "Canon", exposureTime: .infinity, fNumber: .nan, iso: Int.max, focalLength: -.infinity)
        meta.utcOffsetMinutes = 100_000
        meta.dateTimeOriginal = ExifDateTime(year: Int.max, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        let clean = meta.sanitized()
        #expect(clean.camera == CameraSettings(make: "Canon"))
        #expect(clean.utcOffsetMinutes == nil && clean.dateTimeOriginal == nil)
        meta.camera = CameraSettings(exposureTime: 0.004, fNumber: 2.8, iso: 400, focalLength: 50)
        (meta.location, meta.utcOffsetMinutes) = (GeoPoint(latitude: -33.8, longitude: 151.2), 120)
        meta.dateTimeOriginal = ExifDateTime(year: 2021, month: 6, day: 15, hour: 14, minute: 30, second: 5)
        #expect(meta.sanitized() == meta)
    }

    @Test func epochSecondsFromCivilTime() {
        #expect(ExifDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSinceEpochAsUTC == 0)
        #expect(
            ExifDateTime(year: 2000, month: 3, day: 1, hour: 12, minute: 0, second: 0).secondsSinceEpochAsUTC
                == 951_912_000)
    }
}
