import Catalog
import Foundation
import Imaging
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

/// HEIC as phones write it, imported like a JPEG: its EXIF, its rotation, its colour profile, the primary
/// image of a file with several, and 10-bit pixels. The files are made by libvips and edited box by box.
@Suite struct HEICCorpusTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    @Test func readsTheDateWithItsZoneTheCameraAndGPS() async throws {
        let path = try Fixtures.writeHEIC(
            fixture.inputs.file("exif.heic"),
            fields: [
                "exif-ifd0-Make": "Apple",
                "exif-ifd0-Model": "iPhone 15 Pro",
                "exif-ifd2-LensModel": "iPhone 15 Pro back triple camera 6.86mm f/1.78",
                "exif-ifd2-DateTimeOriginal": "2021:06:15 14:30:05",
                "exif-ifd2-OffsetTimeOriginal": "+02:00",
                "exif-ifd2-ExposureTime": "1/250",
                "exif-ifd2-FNumber": "178/100",
                "exif-ifd2-ISOSpeedRatings": "64",
                "exif-ifd2-FocalLength": "686/100",
                "exif-ifd3-GPSLatitudeRef": "N",
                "exif-ifd3-GPSLatitude": "48/1 51/1 3024/100",
                "exif-ifd3-GPSLongitudeRef": "E",
                "exif-ifd3-GPSLongitude": "2/1 17/1 4020/100",
            ])
        let item = try await fixture.photo(fixture.importOne(path))
        let photo = item.photo
        #expect(photo.format == "heic" && photo.mimeType == "image/heic")
        #expect((photo.width, photo.height) == (300, 200))
        #expect(
            photo.camera
                == CameraSettings(
                    make: "Apple", model: "iPhone 15 Pro", lens: "iPhone 15 Pro back triple camera 6.86mm f/1.78",
                    exposureTime: 1.0 / 250, fNumber: 1.78, iso: 64, focalLength: 6.86))
        #expect(abs((photo.location?.latitude ?? 0) - 48.8584) < 1e-6)
        #expect(abs((photo.location?.longitude ?? 0) - 2.2945) < 1e-6)
        #expect(photo.takenAtSource == "exif")
        #expect(photo.takenAtOffset == 120)
        #expect(photo.takenAt == 1_623_767_405_000 - 2 * 3_600_000)
        #expect(try await fixture.bytes(item.variants[.original]) == Fixtures.bytes(of: path))
    }

    /// A phone stores a portrait photo's pixels sideways with an `irot` (and an EXIF orientation saying the
    /// same): shown upright, turned once, never twice.
    @Test(arguments: [(1, 8), (2, 3), (3, 6)])
    func aRotatedHEICIsStoredAndRenderedUpright(_ quarterTurns: Int, _ exifOrientation: Int) async throws {
        let path = try Fixtures.writeHEIC(
            fixture.inputs.file("turned\(quarterTurns).heic"), width: 300, height: 200, orientation: exifOrientation)
        try Fixtures.editHEIF(path) { try $0.rotatePrimary(quarterTurnsAnticlockwise: quarterTurns) }
        let item = try await fixture.photo(fixture.importOne(path))
        let swapped = quarterTurns != 2
        #expect((item.photo.width, item.photo.height) == (swapped ? (200, 300) : (300, 200)))

        for kind in [VariantKind.preview, .thumbJPEG, .thumbWebP] {
            let image = try await fixture.decoded(item.variants[kind])
            #expect((image.width > image.height) == !swapped, "\(kind)")
        }
        let preview = try await fixture.decoded(item.variants[.preview])
        let corner = try #require(ImporterVariantTests.markerCorner[exifOrientation])
        let pixel = preview.rgb(
            x: corner.right ? preview.width - 8 : 8, y: corner.bottom ? preview.height - 8 : 8)
        #expect(pixel.r > 200 && pixel.g < 60 && pixel.b < 60, "marker not at the expected corner: \(pixel)")
    }

    /// Display P3 numbers become sRGB ones, for a HEIC as for a JPEG with the same profile.
    @Test func anEmbeddedProfileIsConvertedToSRGBAsAJPEGsIs() async throws {
        let source = try Fixtures.write(fixture.inputs.file("source.png"), width: 300, height: 200)
        let heic = try await Fixtures.convert(
            source, toProfile: "p3", target: fixture.inputs.file("p3.heic[compression=hevc,Q=90]"))
        let jpeg = try await Fixtures.convert(source, toProfile: "p3", target: fixture.inputs.file("p3.jpg[Q=95]"))
        #expect(try HEIFBoxes(Fixtures.bytes(of: heic)).hasColourProfile(), "the HEIC carries its profile")

        var markers: [(r: Int, g: Int, b: Int)] = []
        for path in [heic, jpeg] {
            let preview = try await fixture.decoded(fixture.photo(fixture.importOne(path)).variants[.preview])
            markers.append(preview.rgb(x: 10, y: 10))
        }
        // sRGB's pure red is (234, 51, 35) in Display P3: converted back, it is red again.
        for marker in markers {
            #expect(marker.r > 245 && marker.g < 25 && marker.b < 25, "not converted to sRGB: \(marker)")
        }
        #expect(abs(markers[0].r - markers[1].r) + abs(markers[0].g - markers[1].g) < 12)
    }

    /// A HEIF holding two images imports the one `pitm` names, at its own size.
    @Test(arguments: [0, 1])
    func theMultiImageFilesPrimaryIsImported(_ primary: Int) async throws {
        let width = 300, height = 200
        let first = Fixtures.pixels(width: width, height: height)
        let second = [UInt8]((0..<(width * height)).flatMap { _ in [UInt8(20), 200, 40] })
        let path = fixture.inputs.file("burst\(primary).heic")
        try ImageWriter.write(
            pixels: first + second, width: width, height: height * 2, bands: 3,
            to: path + "[compression=hevc,Q=80,page-height=\(height)]")
        try Fixtures.editHEIF(path) { boxes in
            let items = try boxes.imageItems()
            #expect(items.count == 2)
            try boxes.setPrimaryItem(items[primary])
        }
        let item = try await fixture.photo(fixture.importOne(path))
        #expect((item.photo.width, item.photo.height) == (width, height))
        let preview = try await fixture.decoded(item.variants[.preview])
        #expect((preview.width, preview.height) == (width, height))
        let corner = preview.rgb(x: 8, y: 8)
        if primary == 0 {
            #expect(corner.r > 200 && corner.g < 60, "the first image's marker: \(corner)")
        } else {
            #expect(corner.g > 170 && corner.r < 60, "the second image is green: \(corner)")
        }
    }

    /// 10 bits per sample decode to the same colours as the 8-bit source, in 8-bit variants.
    @Test func aTenBitHEICDecodesToEightBitVariants() async throws {
        let path = try Fixtures.writeSixteenBit(
            fixture.inputs.file("deep.heic[compression=hevc,Q=90,bitdepth=10]"), width: 300, height: 200)
        #expect(try ImageHeader.read(path: path, maxPixels: 1_000_000).format == .heic)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect((item.photo.width, item.photo.height) == (300, 200))
        let reference = Fixtures.pixels(width: 300, height: 200)
        for kind in [VariantKind.preview, .thumbJPEG, .thumbWebP, .smallThumb] {
            let image = try await fixture.decoded(item.variants[kind])
            #expect(image.bands == 3, "\(kind)")
            let centre = image.rgb(x: image.width / 2, y: image.height / 2)
            let offset = (100 * 300 + 150) * 3
            let expected = (Int(reference[offset]), Int(reference[offset + 1]), Int(reference[offset + 2]))
            let distance = abs(centre.r - expected.0) + abs(centre.g - expected.1) + abs(centre.b - expected.2)
            #expect(distance < 40, "\(kind): \(centre) against \(expected)")
        }
    }
}
