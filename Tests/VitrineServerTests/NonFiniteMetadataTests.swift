import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import VitrineAPI

@testable import Catalog
@testable import VitrineServer

/// EXIF numbers JSON cannot carry: dropped at import, and never emitted from a row that holds one anyway.
@Suite struct NonFiniteMetadataTests {
    /// Upload a JPEG whose camera settings read as infinity or nonsense: it imports without them, and its
    /// upload answer and its detail both encode.
    @Test(arguments: ["1e999", "1/0", "-1e999", "nan", "inf"])
    func aPhotoWithNonFiniteEXIFImportsAndItsDetailEncodes(_ value: String) async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let path = try Fixtures.write(
            fixture.inputs.file("infinite.jpg"), width: 200, height: 150,
            fields: [
                "exif-ifd0-Make": "Vitrine",
                "exif-ifd2-ExposureTime": value,
                "exif-ifd2-FNumber": value,
                "exif-ifd2-FocalLength": value,
                "exif-ifd2-ISOSpeedRatings": "99999999999999999999",
                "exif-ifd3-GPSLatitudeRef": "N",
                "exif-ifd3-GPSLatitude": "\(value) 0/1 0/1",
                "exif-ifd3-GPSLongitudeRef": "E",
                "exif-ifd3-GPSLongitude": "10/1 0/1 0/1",
            ])
        try await fixture.makeApp().test(.router) { client in
            let uploaded = try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: auth, body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created, "\(String(decoding: response.bytes, as: UTF8.self))")
                return try response.decode(UploadResult.self).photo
            }
            #expect(uploaded.cameraMake == "Vitrine")
            #expect(uploaded.exposureTime == nil && uploaded.fNumber == nil && uploaded.focalLength == nil)
            #expect(uploaded.iso == nil && uploaded.location == nil)
            try await client.execute(uri: "/api/v1/photos/\(uploaded.id)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoDetail.self).id == uploaded.id)
            }
        }
        let row = try #require(try fixture.library.catalog.page(after: nil, limit: 1).items.first)
        #expect(row.photo.exposureTime == nil && row.photo.latitude == nil)
    }

    /// A row an older version stored with infinite numbers and out-of-range times still answers 200.
    @Test func aRowWithNonFiniteNumbersStillAnswers() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try fixture.library.catalog.writer.write { db in
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
        #expect(try fixture.library.catalog.photo(id: fixture.ids[0])?.photo.exposureTime == .infinity)
        try await fixture.makeApp().test(.router) { client in
            for id in fixture.ids {
                try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) { response in
                    #expect(response.status == .ok, "\(id): \(String(decoding: response.bytes, as: UTF8.self))")
                    let detail = try response.decode(PhotoDetail.self)
                    #expect(detail.location == nil && detail.fNumber == nil)
                }
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { response in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoPage.self).items.count == 2)
            }
        }
    }
}
