import Foundation
import Testing
import VitrineCore

@Suite struct CameraSettingsTests {
    static let typical = CameraSettings(
        make: "Canon", model: "Canon EOS 70D", lens: "EF50mm f/1.8 II", exposureTime: 0.004, fNumber: 2.8, iso: 400,
        focalLength: 50)

    @Test func sanitizingKeepsEveryValueInRange() {
        #expect(Self.typical.sanitized() == Self.typical)
        let edges = CameraSettings(exposureTime: 1e-9, fNumber: 1024, iso: 10_000_000, focalLength: 0.1)
        #expect(edges.sanitized() == edges)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 0, -1, 1e300, .greatestFiniteMagnitude])
    func sanitizingDropsNumbersOutOfRange(_ bad: Double) {
        var settings = Self.typical
        (settings.exposureTime, settings.fNumber, settings.focalLength) = (bad, bad, bad)
        let clean = settings.sanitized()
        #expect(clean.exposureTime == nil && clean.fNumber == nil && clean.focalLength == nil)
        #expect(clean.make == "Canon" && clean.model == "Canon EOS 70D" && clean.lens == "EF50mm f/1.8 II")
        #expect(clean.iso == 400)
    }

    @Test func sanitizingDropsAnISOOutOfRange() {
        for iso in [0, -1, 10_000_001, Int.max, Int.min] {
            #expect(CameraSettings(iso: iso).sanitized().iso == nil, "\(iso)")
        }
    }

    /// What a catalog row may hold: finite numbers out of range stay (the API shows a row as stored), NaN
    /// and infinities go (JSON cannot carry them).
    @Test func finiteDropsOnlyNaNAndInfinities() {
        let row = CameraSettings(exposureTime: .infinity, fNumber: .nan, iso: 0, focalLength: 1e300)
        #expect(row.finite() == CameraSettings(iso: 0, focalLength: 1e300))
        #expect(CameraSettings(exposureTime: -.infinity).finite() == CameraSettings())
        #expect(Self.typical.finite() == Self.typical)
    }

    /// Flat keys, as the catalog's columns and the API's fields name them.
    @Test func encodesAsFlatFieldsNamedAsTheColumns() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.typical), as: UTF8.self)
        #expect(
            json == """
                {"cameraMake":"Canon","cameraModel":"Canon EOS 70D","exposureTime":0.004,"fNumber":2.8,\
                "focalLength":50,"iso":400,"lens":"EF50mm f\\/1.8 II"}
                """)
        #expect(try JSONDecoder().decode(CameraSettings.self, from: Data(json.utf8)) == Self.typical)
        #expect(String(decoding: try encoder.encode(CameraSettings()), as: UTF8.self) == "{}")
    }
}
