import Catalog
import Foundation
import Imaging
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

@Suite struct ImporterVariantTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    @Test func makesAThumbAPreviewAPlaceholderAndKeepsTheOriginal() async throws {
        let path = try Fixtures.write(fixture.inputs.file("large.jpg[Q=90]"), width: 3000, height: 2000)
        let item = try await fixture.photo(fixture.importOne(path))

        #expect(item.photo.width == 3000 && item.photo.height == 2000)
        #expect(item.photo.format == "jpeg" && item.photo.mimeType == "image/jpeg")
        #expect(item.photo.originalName == "large.jpg")
        #expect(item.photo.byteSize == Int64(Fixtures.bytes(of: path).count))

        let original = try #require(item.variants[.original])
        #expect(try await fixture.bytes(original) == Fixtures.bytes(of: path), "the original is kept byte for byte")

        let preview = try #require(item.variants[.preview])
        #expect((preview.width, preview.height) == (2048, 1365))
        let previewBytes = try await fixture.bytes(preview)
        #expect(JPEGMarkers.isProgressive(previewBytes))
        #expect(!JPEGMarkers.hasEXIF(previewBytes), "metadata is stripped from previews")
        #expect(try await fixture.decoded(preview).width == 2048)

        let webp = try #require(item.variants[.thumbWebP])
        let jpeg = try #require(item.variants[.thumbJPEG])
        #expect((webp.width, webp.height) == (600, 400))
        #expect((jpeg.width, jpeg.height) == (600, 400))
        #expect(Array(try await fixture.bytes(webp)[8..<12]) == Array("WEBP".utf8))
        #expect(Array(try await fixture.bytes(jpeg).prefix(2)) == [0xFF, 0xD8])
        let small = try #require(item.variants[.smallThumb])
        #expect((small.width, small.height) == (306, 204))
        #expect(Array(try await fixture.bytes(small).prefix(2)) == [0xFF, 0xD8] && small.mimeType == "image/jpeg")
        #expect(!JPEGMarkers.isProgressive(try await fixture.bytes(small)), "baseline: one pass to decode")
        #expect(try await fixture.decoded(small).width == 306)
        #expect(small.byteSize < webp.byteSize)

        #expect((5...25).contains(item.photo.thumbHash.count))
        #expect(item.photo.averageColor.range(of: "^#[0-9a-f]{6}$", options: .regularExpression) != nil)
        #expect(try await fixture.blobCount() == 5)
    }

    @Test func neverUpscalesSmallPhotos() async throws {
        let path = try Fixtures.write(fixture.inputs.file("small.png"), width: 300, height: 200)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.variants[.preview].map { ($0.width, $0.height) } ?? (0, 0) == (300, 200))
        #expect(item.variants[.thumbWebP].map { ($0.width, $0.height) } ?? (0, 0) == (300, 200))
        #expect(item.variants[.smallThumb].map { ($0.width, $0.height) } ?? (0, 0) == (300, 200))
    }

    @Test func panoramasGetAThumbWithAFullShortEdge() async throws {
        let path = try Fixtures.write(fixture.inputs.file("pano.jpg"), width: 8000, height: 800)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.variants[.thumbWebP]?.height == 400)
        #expect(item.variants[.smallThumb].map { ($0.width, $0.height) } ?? (0, 0) == (2040, 204))
        #expect(item.variants[.preview]?.width == 2048)
    }

    /// Where the stored top-left corner appears once orientation `n` is applied.
    static let markerCorner: [Int: (right: Bool, bottom: Bool)] = [
        1: (false, false), 2: (true, false), 3: (true, true), 4: (false, true),
        5: (false, false), 6: (true, false), 7: (true, true), 8: (false, true),
    ]

    @Test(arguments: 1...8)
    func honoursEXIFOrientation(_ orientation: Int) async throws {
        let path = try Fixtures.write(
            fixture.inputs.file("o\(orientation).jpg[Q=95]"), width: 900, height: 600, orientation: orientation)
        let item = try await fixture.photo(fixture.importOne(path))
        let swapped = orientation >= 5
        #expect((item.photo.width, item.photo.height) == (swapped ? (600, 900) : (900, 600)))

        let preview = try await fixture.decoded(item.variants[.preview])
        #expect((preview.width, preview.height) == (item.photo.width, item.photo.height))
        let corner = try #require(Self.markerCorner[orientation])
        let x = corner.right ? preview.width - 8 : 8
        let y = corner.bottom ? preview.height - 8 : 8
        let pixel = preview.rgb(x: x, y: y)
        #expect(pixel.r > 200 && pixel.g < 60 && pixel.b < 60, "marker not at the expected corner: \(pixel)")
    }

    @Test func readsEXIFFieldsIncludingGPS() async throws {
        let path = try Fixtures.write(
            fixture.inputs.file("exif.jpg"), width: 600, height: 400,
            fields: [
                "exif-ifd0-Make": "Canon",
                "exif-ifd0-Model": "Canon EOS 70D",
                "exif-ifd2-LensModel": "EF50mm f/1.8 II",
                "exif-ifd2-DateTimeOriginal": "2021:06:15 14:30:05",
                "exif-ifd2-ExposureTime": "1/250",
                "exif-ifd2-FNumber": "28/10",
                "exif-ifd2-ISOSpeedRatings": "400",
                "exif-ifd2-FocalLength": "50/1",
                "exif-ifd3-GPSLatitudeRef": "S",
                "exif-ifd3-GPSLatitude": "33/1 51/1 5400/100",
                "exif-ifd3-GPSLongitudeRef": "E",
                "exif-ifd3-GPSLongitude": "151/1 12/1 3600/100",
            ])
        let photo = try await fixture.photo(fixture.importOne(path)).photo
        #expect(
            photo.camera
                == CameraSettings(
                    make: "Canon", model: "Canon EOS 70D", lens: "EF50mm f/1.8 II", exposureTime: 1.0 / 250,
                    fNumber: 2.8, iso: 400, focalLength: 50))
        #expect(abs((photo.location?.latitude ?? 0) - -33.865) < 1e-6)
        #expect(abs((photo.location?.longitude ?? 0) - 151.21) < 1e-6)
        #expect(photo.takenAtSource == "exif")
        // 2021-06-15T14:30:05 as wall-clock time (no offset recorded).
        #expect(photo.takenAt == 1_623_767_405_000)
    }

    @Test func anEXIFOffsetMakesTheDateAnInstant() async throws {
        let path = try Fixtures.write(
            fixture.inputs.file("offset.jpg"), width: 300, height: 200,
            fields: [
                "exif-ifd2-DateTimeOriginal": "2021:06:15 14:30:05",
                "exif-ifd2-OffsetTimeOriginal": "+02:00",
            ])
        let photo = try await fixture.photo(fixture.importOne(path)).photo
        #expect(photo.takenAtOffset == 120)
        #expect(photo.takenAt == 1_623_767_405_000 - 2 * 3_600_000)
    }

    @Test func withoutEXIFTheDateIsTheFileModificationTime() async throws {
        let path = try Fixtures.write(fixture.inputs.file("plain.png"), width: 200, height: 100)
        let when = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: path)
        let photo = try await fixture.photo(fixture.importOne(path)).photo
        #expect(photo.takenAtSource == "file")
        #expect(photo.takenAt == 1_500_000_000_000)
        #expect(photo.camera == CameraSettings() && photo.location == nil)
    }

    @Test func pngWithAlphaKeepsItInTheWebPThumbAndFlattensJPEGs() async throws {
        let path = try Fixtures.write(fixture.inputs.file("alpha.png"), width: 600, height: 400, bands: 4)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.photo.format == "png")
        #expect(try await fixture.decoded(item.variants[.thumbWebP]).bands == 4)
        let preview = try await fixture.decoded(item.variants[.preview])
        #expect(preview.bands == 3)
        let rightSide = preview.rgb(x: preview.width - 5, y: preview.height / 2)
        #expect(rightSide.r > 240 && rightSide.g > 240 && rightSide.b > 240, "transparent area becomes white")
    }

    @Test func cmykJPEGBecomesSRGB() async throws {
        let path = try Fixtures.writeCMYKJPEG(fixture.inputs.file("cmyk.jpg"))
        let item = try await fixture.photo(fixture.importOne(path))
        let preview = try await fixture.decoded(item.variants[.preview])
        #expect(preview.bands == 3)
        // The red marker survives as red: no inverted or channel-swapped colours.
        let marker = preview.rgb(x: 5, y: 5)
        #expect(marker.r > 150 && marker.g < 110 && marker.b < 110, "\(marker)")
        let body = preview.rgb(x: preview.width - 10, y: 10)
        #expect(body.b > body.r, "\(body)")
    }

    @Test func sixteenBitPNGBecomesEightBit() async throws {
        let path = try Fixtures.write16BitPNG(fixture.inputs.file("deep.png"))
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.photo.format == "png")
        let preview = try await fixture.decoded(item.variants[.preview])
        #expect((preview.width, preview.height) == (300, 200))
        let marker = preview.rgb(x: 5, y: 5)
        #expect(marker.r > 200 && marker.g < 60, "\(marker)")
    }

    @Test(arguments: [
        ("photo.webp", "webp"), ("photo.tif", "tiff"), ("photo.gif", "gif"), ("photo.avif", "avif"),
        ("photo.heic[compression=hevc]", "heic"),
    ])
    func importsEveryFormatLibvipsSaves(_ name: String, _ format: String) async throws {
        let path = try Fixtures.write(fixture.inputs.file(name), width: 160, height: 120)
        let item = try await fixture.photo(fixture.importOne(path))
        #expect(item.photo.format == format)
        #expect((item.photo.width, item.photo.height) == (160, 120))
        #expect(item.variants.count == 5)
    }

    @Test func decidesByContentNotByExtension() async throws {
        let png = try Fixtures.write(fixture.inputs.file("real.png"), width: 120, height: 80)
        let misnamed = fixture.inputs.file("actually-a-png.jpg")
        try FileManager.default.moveItem(atPath: png, toPath: misnamed)
        let item = try await fixture.photo(fixture.importOne(misnamed))
        #expect(item.photo.format == "png")
        #expect(item.variants[.original]?.mimeType == "image/png")
    }
}

/// Just enough JPEG parsing to check what the encoder wrote.
enum JPEGMarkers {
    static func markers(_ bytes: [UInt8]) -> [(marker: UInt8, payload: ArraySlice<UInt8>)] {
        var result: [(UInt8, ArraySlice<UInt8>)] = []
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xDA { break }  // start of scan: entropy-coded data follows
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            result.append((marker, bytes[(index + 4)..<min(bytes.count, index + 2 + length)]))
            index += 2 + length
        }
        return result
    }

    /// SOF2 is the progressive DCT frame header.
    static func isProgressive(_ bytes: [UInt8]) -> Bool { markers(bytes).contains { $0.marker == 0xC2 } }

    static func hasEXIF(_ bytes: [UInt8]) -> Bool {
        markers(bytes).contains { $0.marker == 0xE1 && $0.payload.starts(with: Array("Exif".utf8)) }
    }
}
