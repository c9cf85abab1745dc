import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import Catalog
@testable import CatalogSQLite
@testable import Imaging
@testable import VitrineServer

/// EXIF numbers JSON cannot carry: dropped at import, and never emitted from a row that holds one anyway.
@Suite struct NonFiniteMetadataTests {
    /// A JPEG whose ExposureTime, FNumber and FocalLength are ASCII text rather than rationals, as a
    /// broken or hostile writer can make them. libvips writes these tags only as rationals, so the text goes
    /// into three ASCII tags of the same IFD whose tag numbers are then rewritten (the file is little-endian).
    static func jpegWithTextSettings(
        _ path: String, exposure: String, fNumber: String, focalLength: String
    )
        throws -> [UInt8]
    {
        var bytes = Fixtures.bytes(
            of: try Fixtures.write(
                path, width: 200, height: 150,
                fields: [
                    "exif-ifd0-Make": "Vitrine", "exif-ifd2-LensModel": exposure, "exif-ifd2-LensMake": fNumber,
                    "exif-ifd2-BodySerialNumber": focalLength,
                ]))
        // LensModel → ExposureTime, LensMake → FNumber, BodySerialNumber → FocalLength; type 2 is ASCII.
        for (from, to) in [(0xA434, 0x829A), (0xA433, 0x829D), (0xA431, 0x920A)] {
            let entry: [UInt8] = [UInt8(from & 0xff), UInt8(from >> 8), 2, 0]
            let at = try #require(
                bytes.indices.dropLast(3).filter { Array(bytes[$0..<($0 + 4)]) == entry }.first,
                "no IFD entry for tag \(from)")
            (bytes[at], bytes[at + 1]) = (UInt8(to & 0xff), UInt8(to >> 8))
        }
        return bytes
    }

    /// Upload a JPEG whose camera settings read as infinity or NaN: it imports without them, and its upload
    /// answer and its detail both encode.
    @Test(arguments: [("1e999", "1e999", "1e999"), ("inf", "nan", "-1e999"), ("1/0", "1e400/1", "-inf")])
    func aPhotoWithNonFiniteEXIFImportsAndItsDetailEncodes(_ values: (String, String, String)) async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let jpeg = try Self.jpegWithTextSettings(
            fixture.inputs.file("infinite.jpg"), exposure: values.0, fNumber: values.1, focalLength: values.2)
        try await fixture.makeApp().test(.router) { client in
            let uploaded = try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: auth, body: ByteBuffer(bytes: jpeg)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created, "\(String(decoding: response.bytes, as: UTF8.self))")
                return try response.decode(UploadResult.self).photo
            }
            #expect(uploaded.camera.make == "Vitrine")
            #expect(
                uploaded.camera.exposureTime == nil && uploaded.camera.fNumber == nil
                    && uploaded.camera.focalLength == nil)
            try await client.execute(uri: "/api/v1/photos/\(uploaded.id)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoDetail.self).id == uploaded.id)
            }
        }
        let row = try #require(try await fixture.library.catalog.page(after: nil, limit: 1).items.first)
        let camera = row.photo.camera
        #expect(camera.exposureTime == nil && camera.fNumber == nil && camera.focalLength == nil)
    }

    /// The same file through the importer directly: what libvips hands over really is the text.
    @Test func theCraftedFieldsReachTheReaderAsText() throws {
        let folder = TemporaryDirectory("nonfinite")
        let jpeg = try Self.jpegWithTextSettings(
            folder.file("source.jpg"), exposure: "1e999", fNumber: "nan", focalLength: "-1e999")
        let path = folder.file("crafted.jpg")
        FileManager.default.createFile(atPath: path, contents: Data(jpeg))
        let (field, metadata) = try ImageHeader.read(path: path, maxPixels: 1 << 30) { _, image in
            (image.string("exif-ifd2-ExposureTime"), ExifReader.metadata(from: image))
        }
        #expect(field.map { ExifFieldParser.rawValue(of: $0) } == "1e999")
        #expect(metadata.camera.exposureTime == nil && metadata.camera.fNumber == nil)
        #expect(metadata.camera.focalLength == nil && metadata.camera.make == "Vitrine")
    }

    /// A row an older version stored with infinite numbers and out-of-range times still answers 200.
    @Test func aRowWithNonFiniteNumbersStillAnswers() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await #require(fixture.library.catalog as? SQLiteCatalog).writer.write { db in
            try db.execute(
                sql: """
                    UPDATE photo SET exposureTime = ?, fNumber = ?, focalLength = ?, latitude = ?, longitude = ?,
                    takenAt = ?, takenAtOffset = ?, importedAt = ? WHERE id = ?
                    """,
                arguments: [
                    Double.infinity, -Double.infinity, Double.infinity, Double.infinity, 1e300, Int64.max, Int.max,
                    Int64.min, fixture.ids[0],
                ])
            try db.execute(
                sql: "UPDATE photo SET takenAt = ?, takenAtOffset = ?, exposureTime = ? WHERE id = ?",
                arguments: [Int64.min, Int.min, Double.greatestFiniteMagnitude, fixture.ids[1]])
        }
        #expect(try await fixture.library.catalog.photo(id: fixture.ids[0])?.photo.camera.exposureTime == .infinity)
        try await fixture.makeApp().test(.router) { client in
            for id in fixture.ids {
                try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .ok, "\(id): \(String(decoding: response.bytes, as: UTF8.self))")
                    let detail = try response.decode(PhotoDetail.self)
                    #expect(detail.location == nil && detail.camera.fNumber == nil)
                }
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoPage.self).items.count == 2)
            }
        }
    }
}
