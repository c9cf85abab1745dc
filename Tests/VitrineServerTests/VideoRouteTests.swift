import Catalog
import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Jobs
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI
import VitrineApp

@testable import VitrineServer

/// A video clip uploaded through the photos' route: pages and details mark it a video with its duration and
/// what to play, and its original answers `Range` requests, as a `<video>` element asks.
@Suite struct VideoRouteTests {
    func upload(
        _ path: String, name: String, auth: HTTPFields, client: some TestClientProtocol
    ) async throws
        -> PhotoDetail
    {
        try await client.execute(
            uri: "/api/v1/photos?filename=\(name)", method: .post, headers: auth,
            body: ByteBuffer(bytes: Fixtures.bytes(of: path))
        ) { (response: TestResponse) async throws in
            #expect(response.status == .created, "\(String(decoding: response.bytes, as: UTF8.self))")
            return try response.decode(UploadResult.self).photo
        }
    }

    @Test func anUploadedClipIsAVideoOnPagesAndDetailsAndItsOriginalAnswersRanges() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let path = try VideoFixtures.clip(fixture.inputs.file("clip.mp4"))
        let source = Fixtures.bytes(of: path)
        try await fixture.makeApp().test(.router) { client in
            let created = try await upload(path, name: "clip.mp4", auth: auth, client: client)
            #expect(created.kind == "video" && created.format == "mp4" && created.mimeType == "video/mp4")

            let page = try await client.execute(uri: "/api/v1/photos?limit=10", method: .get) {
                (response: TestResponse) async throws in
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.bytes)) as? [String: Any])
                let items = try #require(json["items"] as? [[String: Any]])
                let photo = try #require(items.first { $0["id"] as? String != created.id })
                #expect(photo["kind"] == nil && photo["duration"] == nil && photo["video"] == nil, "photos as before")
                return try response.decode(PhotoPage.self)
            }
            let item = try #require(page.items.first { $0.id == created.id })
            #expect(item.kind == "video" && item.width == 320 && item.height == 240)
            #expect(abs((item.duration ?? 0) - 2) < 0.1)
            let video = try #require(item.video)
            #expect(video.url == item.original.url && video.url.hasSuffix(".mp4"))
            #expect(video.width == 320 && video.height == 240 && video.mimeType == "video/mp4")
            #expect(!item.thumb.url.isEmpty && !item.preview.url.isEmpty && item.placeholder.thumbHash.count > 0)

            let detail = try await client.execute(uri: "/api/v1/photos/\(created.id)", method: .get) {
                (response: TestResponse) async throws in try response.decode(PhotoDetail.self)
            }
            #expect(detail.kind == "video" && detail.video == video && detail.duration == item.duration)

            try await client.execute(uri: video.url, method: .get, headers: [.range: "bytes=100-1099"]) {
                (response: TestResponse) async throws in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentType] == "video/mp4")
                #expect(response.headers[.contentRange] == "bytes 100-1099/\(source.count)")
                #expect(response.bytes == Array(source[100..<1100]))
            }
            try await client.execute(uri: video.url, method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .ok && response.bytes == source)
                #expect(response.headers[.acceptRanges] == "bytes")
            }
        }
        try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 2)
    }

    @Test func aQueuedClipIsProcessingUntilAWorkerRendersItsPoster() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let path = try VideoFixtures.hevcMOV(fixture.inputs.file("IMG_0002.MOV"))
        var limits = Limits()
        limits.queuesUploadRenders = true
        let app = Application(
            router: try VitrineServer.makeRouter(
                library: fixture.library, webRoot: nil, limits: limits, routes: [CompatRoutes(CompatConfiguration())]))
        try await app.test(.router) { client in
            let created = try await upload(path, name: "IMG_0002.MOV", auth: auth, client: client)
            #expect(created.status == "processing" && created.kind == "video" && created.mimeType == "video/quicktime")
            #expect(created.video?.mimeType == "video/quicktime" && created.width == 320)
            var configuration = WorkerConfiguration.standard(name: "test", cores: 2)
            configuration.poll = .milliseconds(50)
            await fixture.library.worker(configuration).runUntilIdle()
            let ready = try await client.execute(uri: "/api/v1/photos/\(created.id)", method: .get) {
                (response: TestResponse) async throws in try response.decode(PhotoDetail.self)
            }
            #expect(ready.status == nil && ready.kind == "video" && !ready.placeholder.thumbHash.isEmpty)
            #expect(ready.preview.width == 320 && ready.preview.height == 240)
            // HEVC plays in few browsers: the worker made the H.264 rendition, which the wire now offers.
            let played = try #require(ready.video)
            #expect(played.mimeType == "video/mp4" && played.url.hasSuffix(".mp4") && played.width == 320)
            try await client.execute(uri: played.url, method: .get, headers: [.range: "bytes=0-7"]) {
                (response: TestResponse) async throws in
                #expect(response.status == .partialContent && response.headers[.contentType] == "video/mp4")
                #expect(Array(response.bytes[4..<8]) == Array("ftyp".utf8))
            }
        }
    }

    @Test func aClipOverALimitIsRefusedWithItsReason() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let path = try VideoFixtures.manyStreams(fixture.inputs.file("streams.mp4"), audioStreams: 20)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos?filename=streams.mp4", method: .post, headers: auth,
                body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .unprocessableContent)
                #expect(try response.errorCode() == "video_over_limit")
                #expect(try response.errorMessage().contains("21 streams"))
            }
        }
        try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 0)
    }
}
