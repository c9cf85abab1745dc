import Blobs
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// A Live Photo uploaded as its two files, the clip first: one item on pages, details and share links, whose
/// `motion` a browser plays with `Range`, through the owner's asset route and through the link's.
@Suite struct LivePhotoRouteTests {
    @Test func aLivePhotosPartsUploadedApartAnswerAsOneItemWithItsMotion() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let identifier = "5A1E0C3B-1B4E-4C7A-9D2F-5E6B7C8D9E0F"
        let clip = try LivePhotoFixtures.clip(fixture.inputs.file("IMG_0009.MOV"), identifier: identifier)
        let still = try LivePhotoFixtures.still(fixture.inputs.file("IMG_0009.JPG"), identifier: identifier)
        let source = Fixtures.bytes(of: clip)
        try await fixture.makeApp(access: LinkRouteTests.privateServer).test(.router) { client in
            let alone = try await VideoRouteTests().upload(clip, name: "IMG_0009.MOV", auth: auth, client: client)
            #expect(alone.kind == "video" && alone.motion == nil)
            let live = try await VideoRouteTests().upload(still, name: "IMG_0009.JPG", auth: auth, client: client)
            #expect(live.kind == nil && live.video == nil)
            let motion = try #require(live.motion, "the upload's answer carries the motion it joined")
            #expect(motion.mimeType == "video/quicktime" && motion.width == 320 && motion.height == 240)
            #expect(motion.url.hasSuffix(".mov") && motion.url != live.original.url)

            let page = try await client.execute(uri: "/api/v1/photos?limit=10", method: .get, headers: auth) {
                (response: TestResponse) async throws in try response.decode(PhotoPage.self)
            }
            #expect(page.total == 2 && !page.items.contains { $0.id == alone.id }, "the clip is no item of its own")
            #expect(page.items.first { $0.id == live.id }?.motion == motion)
            #expect(page.items.first { $0.id != live.id }?.motion == nil)
            try await client.execute(uri: "/api/v1/photos/\(alone.id)", method: .get, headers: auth) {
                (response: TestResponse) async throws in #expect(response.status == .notFound)
            }
            var ranged = auth
            ranged[.range] = "bytes=10-109"
            try await client.execute(uri: motion.url, method: .get, headers: ranged) {
                (response: TestResponse) async throws in
                #expect(response.status == .partialContent && response.bytes == Array(source[10..<110]))
                #expect(response.headers[.contentType] == "video/quicktime")
            }

            // A zip holds both parts, named for the time taken.
            let zip = try await client.execute(uri: "/api/v1/zip?ids=\(live.id)", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
                return r.bytes
            }
            let archive = fixture.inputs.file("live.zip")
            try Data(zip).write(to: URL(fileURLWithPath: archive))
            let entries = try await ZipReaders.python(archive).map { $0.split(separator: "\t").map(String.init) }
            #expect(entries.map { $0[0].split(separator: ".").last.map(String.init) ?? "" } == ["jpg", "mov"])
            #expect(entries.last?[3] == (try FileHasher.sha256(path: clip).key.hex))

            // Through a share link, the motion is the link's own file.
            let link = try await LinkRouteTests().create(client, auth, #"{"photos":{"ids":["\#(live.id)"]}}"#)
            let base = "/api/v1/links/\(link.slug)"
            let shared = try await client.execute(uri: base + "/photos/\(live.id)", method: .get) {
                (r: TestResponse) async throws in try r.decode(PhotoDetail.self)
            }
            let sharedMotion = try #require(shared.motion)
            #expect(sharedMotion.url.hasPrefix(base + "/assets/"))
            try await client.execute(uri: sharedMotion.url, method: .get, headers: [.range: "bytes=0-99"]) {
                (r: TestResponse) async throws in
                #expect(r.status == .partialContent && r.bytes == Array(source[0..<100]))
            }

            // A link that allows no download serves no file as it came: the clip is one (its metadata, the
            // place it was taken included, is the camera's), so its items leave it out and its route refuses it.
            let closed = try await LinkRouteTests().create(
                client, auth, #"{"photos":{"ids":["\#(live.id)"]},"allowDownload":false}"#)
            let closedBase = "/api/v1/links/\(closed.slug)"
            let seen = try await client.execute(uri: closedBase + "/photos/\(live.id)", method: .get) {
                (r: TestResponse) async throws in try r.decode(PhotoDetail.self)
            }
            #expect(seen.motion == nil && seen.motionOriginal == nil, "no clip as it came, and no rendition yet")
            let listed = try await client.execute(uri: closedBase + "/photos", method: .get) {
                (r: TestResponse) async throws in try r.decode(PhotoPage.self)
            }
            #expect(listed.items.map(\.id) == [live.id] && listed.items[0].motion == nil)
            let clipName = try #require(motion.url.split(separator: "/").last)
            for method in [HTTPRequest.Method.get, .head] {
                try await client.execute(uri: closedBase + "/assets/\(clipName)", method: method) {
                    (r: TestResponse) async throws in #expect(r.status == .notFound, "\(method)")
                }
            }
            try await client.execute(uri: seen.preview.url, method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .ok, "the renditions still show")
            }
        }
    }
}
