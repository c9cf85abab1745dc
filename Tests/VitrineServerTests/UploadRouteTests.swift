import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `POST /api/v1/photos`: raw and multipart bodies through the real import, and every kind of bad input.
@Suite struct UploadRouteTests {
    /// Uploads leave nothing behind but complete photos: no temporaries, no blob without its row.
    static func expectNothingHalfStored(
        _ fixture: ServerFixture, photos: Int, _ comment: Comment? = nil
    ) async throws {
        #expect(try await fixture.library.catalog.count() == photos, comment)
        #expect(try fixture.library.temporaries.leftoverFiles().isEmpty, comment)
        #expect(
            Set(try await fixture.library.blobs.allKeys()) == (try await fixture.library.catalog.referencedBlobKeys()),
            comment)
    }

    static func multipart(boundary: String, file: [UInt8], filename: String, fields: [(String, String)]) -> [UInt8] {
        var body: [UInt8] = Array("preamble to ignore\r\n".utf8)
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: image/jpeg\r\n\r\n"
                .utf8)
        body += file
        body += Array("\r\n--\(boundary)--\r\nepilogue".utf8)
        return body
    }

    @Test func aRawUploadBecomesAPhotoAndASecondIsADuplicate() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let path = try Fixtures.write(
            fixture.inputs.file("new.jpg"), width: 800, height: 600, seed: 42,
            fields: ["exif-ifd0-Make": "Vitrine Camera Co"])
        let bytes = Fixtures.bytes(of: path)
        try await fixture.makeApp().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/photos?filename=..%2F..%2Fetc%2Fpasswd.jpg&title=Hello&tag=Upload&tag=Test",
                method: .post, headers: auth, body: ByteBuffer(bytes: bytes)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                return try response.decode(UploadResult.self)
            }
            #expect(!created.duplicate)
            #expect(created.photo.originalName == "passwd.jpg", "a client's name is a label, never a path")
            #expect(created.photo.title == "Hello")
            #expect(created.photo.tags == ["Test", "Upload"])
            #expect(created.photo.width == 800 && created.photo.camera.make == "Vitrine Camera Co")
            try await client.execute(uri: created.photo.original.url, method: .get) { (r: TestResponse) async throws in
                #expect(r.bytes == bytes)
            }

            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: auth, body: ByteBuffer(bytes: bytes)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let again = try response.decode(UploadResult.self)
                #expect(again.duplicate && again.photo.id == created.photo.id)
            }
        }
        try await Self.expectNothingHalfStored(fixture, photos: 2)
    }

    @Test func aMultipartUploadCarriesItsNameTitleAndTags() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let bytes = Fixtures.bytes(of: try Fixtures.write(fixture.inputs.file("m.png"), width: 300, height: 200))
        // A boundary-like run inside the file must not end the part early.
        let boundary = "----vitrine\(UInt32.random(in: 0...UInt32.max))"
        let body = Self.multipart(
            boundary: boundary, file: bytes, filename: "Beach; day \\\"1\\\".png",
            fields: [("title", "Beach <b>day</b>"), ("tag", "Summer"), ("tag", "Sea")])
        var multipartHeaders = auth
        multipartHeaders[.contentType] = "multipart/form-data; boundary=\"\(boundary)\""
        let headers = multipartHeaders
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: headers, body: ByteBuffer(bytes: body)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                let result = try response.decode(UploadResult.self)
                #expect(result.photo.originalName == "Beach; day \"1\".png")
                #expect(result.photo.title == "Beach <b>day</b>")
                #expect(result.photo.tags == ["Sea", "Summer"])
                #expect(result.photo.format == "png")
                try await client.execute(uri: result.photo.original.url, method: .get) {
                    (r: TestResponse) async throws in #expect(r.bytes == bytes)
                }
            }
            var malformed = headers
            malformed[.contentType] = "multipart/form-data"
            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: malformed, body: ByteBuffer(bytes: body)
            ) { (r: TestResponse) async throws in
                #expect(try r.errorCode() == "bad_upload")
            }
            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: headers, body: ByteBuffer(bytes: body.dropLast(30))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .badRequest, "a body cut before its closing boundary")
                #expect(try response.errorCode() == "bad_upload")
            }
            let noFile = Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx\r\n--\(boundary)--".utf8)
            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: headers, body: ByteBuffer(bytes: noFile)
            ) { (r: TestResponse) async throws in
                #expect(try r.errorMessage().contains("file"))
            }
        }
        try await Self.expectNothingHalfStored(fixture, photos: 1)
    }

    @Test func everyBadInputIsRefusedWithItsReasonAndLeavesNothing() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let jpeg = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("ok.jpg"), width: 600, height: 400, seed: 9))
        let png = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("ok.png"), width: 200, height: 100, seed: 8))
        let cases: [(String, [UInt8], HTTPResponse.Status, String)] = [
            ("empty", [], .badRequest, "empty_file"),
            ("text", Array("hello, this is not a photo".utf8), .unsupportedMediaType, "not_an_image"),
            ("truncated jpeg", Array(jpeg.prefix(jpeg.count / 2)), .unprocessableContent, "corrupt_image"),
            (
                "corrupt png", Array(png.prefix(40)) + [UInt8](repeating: 0x55, count: 400), .unprocessableContent,
                "corrupt_image"
            ),
            (
                "enormous", Fixtures.pngHeaderOnly(width: 100_000, height: 100_000), .unprocessableContent,
                "too_many_pixels"
            ),
            ("too large", [UInt8](repeating: 0xff, count: 300_000), .contentTooLarge, "too_large"),
        ]
        let access = AccessConfiguration(maximumUploadBytes: 256 * 1024)
        try await fixture.makeApp(access: access).test(.router) { client in
            for (name, bytes, status, code) in cases {
                try await client.execute(
                    uri: "/api/v1/photos?filename=\(name).jpg", method: .post, headers: auth,
                    body: ByteBuffer(bytes: bytes)
                ) { (response: TestResponse) async throws in
                    #expect(response.status == status, "\(name)")
                    let error = try response.decode(APIErrorBody.self)
                    #expect(error.error.code == code, "\(name): \(error.error.message)")
                    #expect(!error.error.message.isEmpty)
                }
                try await Self.expectNothingHalfStored(fixture, photos: 1, "\(name)")
            }
            // Mislabelled: a PNG called .jpg is a PNG.
            try await client.execute(
                uri: "/api/v1/photos?filename=lies.jpg", method: .post, headers: auth, body: ByteBuffer(bytes: png)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .created)
                #expect(try r.decode(UploadResult.self).photo.format == "png")
            }
        }
        try await Self.expectNothingHalfStored(fixture, photos: 2)
    }
}
