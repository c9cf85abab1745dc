import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// A HEIC upload is a photo like a JPEG one, and one over the limits is refused with a JPEG's answer.
extension UploadRouteTests {
    @Test func aHEICUploadBecomesAPhotoWithItsEXIF() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let path = try Fixtures.writeHEIC(
            fixture.inputs.file("phone.heic"), width: 400, height: 300,
            fields: ["exif-ifd0-Make": "Apple", "exif-ifd2-DateTimeOriginal": "2024:05:01 10:20:30"])
        try await fixture.makeApp().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/photos?filename=IMG_0001.HEIC", method: .post, headers: auth,
                body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                return try response.decode(UploadResult.self)
            }
            #expect(created.photo.format == "heic" && created.photo.camera.make == "Apple")
            #expect(created.photo.width == 400 && created.photo.height == 300)
        }
        try await Self.expectNothingHalfStored(fixture, photos: 1)
    }

    @Test func aHEICOverTheLimitsIsRefusedAsAJPEGIs() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let bomb = try Fixtures.writeHEIC(fixture.inputs.file("bomb.heic"))
        try Fixtures.editHEIF(bomb) { try $0.announceSize(width: 20_000, height: 20_000) }
        let large = try Fixtures.writeHEIC(fixture.inputs.file("large.heic"), width: 1200, height: 900)
        let largeJPEG = try Fixtures.write(fixture.inputs.file("large.jpg[Q=95]"), width: 1200, height: 900)
        let limit = 64 * 1024
        #expect(Fixtures.bytes(of: large).count > limit && Fixtures.bytes(of: largeJPEG).count > limit)
        let cases: [(String, String, HTTPResponse.Status, String)] = [
            ("bomb.heic", bomb, .unprocessableContent, "too_many_pixels"),
            ("large.heic", large, .contentTooLarge, "too_large"),
            ("large.jpg", largeJPEG, .contentTooLarge, "too_large"),
        ]
        try await fixture.makeApp(access: AccessConfiguration(maximumUploadBytes: limit)).test(.router) { client in
            for (name, path, status, code) in cases {
                try await client.execute(
                    uri: "/api/v1/photos?filename=\(name)", method: .post, headers: auth,
                    body: ByteBuffer(bytes: Fixtures.bytes(of: path))
                ) { (response: TestResponse) async throws in
                    #expect(response.status == status, "\(name)")
                    let error = try response.decode(APIErrorBody.self)
                    #expect(error.error.code == code, "\(name): \(error.error.message)")
                }
            }
        }
        try await Self.expectNothingHalfStored(fixture, photos: 0)
    }
}
