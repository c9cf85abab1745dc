import Foundation
import HTTPParsing
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The upload's bounds: part count, part header size and tag count are refused with a 400 that names them,
/// and a refused upload leaves nothing behind.
@Suite struct UploadLimitsTests {
    static let boundary = "limits-boundary"

    static func headers(_ auth: HTTPFields) -> HTTPFields {
        var headers = auth
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return headers
    }

    static func field(_ name: String, _ value: String, extraHeader: String = "") -> [UInt8] {
        Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\(extraHeader)\r\n\(value)\r\n".utf8)
    }

    @Test func tooManyPartsTooLongHeadersAndTooManyTagsAreRefused() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let jpeg = Fixtures.bytes(of: try Fixtures.write(fixture.inputs.file("a.jpg"), width: 120, height: 80))
        let file =
            Array(
                "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\n".utf8)
            + jpeg + Array("\r\n--\(Self.boundary)--\r\n".utf8)
        let tagLimit = TextRules.maximumTagsPerPhoto
        let partLimit = MultipartParser.Limits.defaultMaximumParts
        let cases: [(String, [UInt8], String)] = [
            (
                "parts", Array((0...partLimit).map { Self.field("note\($0)", "x") }.joined()) + file,
                "bad_upload"
            ),
            (
                "header",
                Self.field("title", "x", extraHeader: "X-Pad: \(String(repeating: "p", count: 8 * 1024))\r\n") + file,
                "bad_upload"
            ),
            ("tags", Array((0...tagLimit).map { Self.field("tag", "t\($0)") }.joined()) + file, "bad_tag"),
        ]
        try await fixture.makeApp().test(.router) { client in
            for (name, body, code) in cases {
                try await client.execute(
                    uri: "/api/v1/photos", method: .post, headers: Self.headers(auth), body: ByteBuffer(bytes: body)
                ) { (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(name)")
                    let error = try response.decode(APIErrorBody.self).error
                    #expect(error.code == code, "\(name): \(error.message)")
                }
                try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 0, "\(name)")
            }
            // The raw-body upload counts its repeated `?tag=` against the same limit.
            let query = (0...tagLimit).map { "tag=t\($0)" }.joined(separator: "&")
            try await client.execute(
                uri: "/api/v1/photos?\(query)", method: .post, headers: auth, body: ByteBuffer(bytes: jpeg)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
                #expect(try response.errorCode() == "bad_tag")
            }
            try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 0, "query tags")
            // At the limits, the upload goes through.
            let atLimit = Array((1..<tagLimit).map { Self.field("tag", "t\($0)") }.joined()) + file
            try await client.execute(
                uri: "/api/v1/photos?tag=t0", method: .post, headers: Self.headers(auth),
                body: ByteBuffer(bytes: atLimit)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created, "\(String(decoding: response.bytes, as: UTF8.self))")
                #expect(try response.decode(UploadResult.self).photo.tags.count == tagLimit)
            }
        }
        try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 1)
    }
}
