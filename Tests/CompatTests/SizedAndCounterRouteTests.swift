import Blobs
import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

@testable import Compat
@testable import VitrineServer

/// Pixabay's sizes made on demand and cached; views and downloads counted.
@Suite struct SizedAndCounterRouteTests {
    @Test func sizesAreMadeOnceServedImmutableAndMatchTheListing() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let id = fixture.tallID
        let before = try await fixture.library.blobs.allKeys().count
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            let hit = try await client.execute(uri: "/api/?key=\(fixture.key)&orientation=vertical", method: .get) {
                (response: TestResponse) async throws in
                try #require((try response.json()["hits"] as? [[String: Any]])?.first)
            }
            let sizes: [(String, String, String)] = [
                ("previewURL", "previewWidth", "previewHeight"), ("webformatURL", "webformatWidth", "webformatHeight"),
                ("largeImageURL", "", ""),
            ]
            var etags: [String] = []
            for (urlField, widthField, heightField) in sizes {
                let url = try #require(hit[urlField] as? String)
                let path = String(url.dropFirst(CompatFixture.publicURL.count))
                let etag = try await client.execute(uri: path, method: .get) { (response: TestResponse) async throws in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    let file = fixture.server.inputs.write(response.bytes, to: "sized-\(urlField).jpg")
                    let header = try ImageHeader.read(path: file, maxPixels: 100_000_000)
                    if !widthField.isEmpty {
                        #expect(header.displayWidth == hit[widthField] as? Int, "\(urlField)")
                        #expect(header.displayHeight == hit[heightField] as? Int, "\(urlField)")
                    } else {
                        // 300×500 is below 1280: never enlarged.
                        #expect(header.displayWidth == 300 && header.displayHeight == 500)
                    }
                    return try #require(response.headers[.eTag])
                }
                etags.append(etag)
                // Again: the same stored bytes, and a revalidation is a 304.
                try await client.execute(uri: path, method: .get) { (response: TestResponse) async throws in
                    #expect(response.headers[.eTag] == etag)
                }
                try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag]) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .notModified)
                }
            }
            // 300×500 fits 640 and 1280 alike (never enlarged): the same bytes, so one blob serves both.
            #expect(Set(etags).count == 2)
            #expect(etags[1] == etags[2])
            for edge in [150, 640, 1280] {
                let stored = try #require(try await fixture.library.catalog.sizedVariant(photoId: id, edge: edge))
                #expect(etags.contains("\"\(stored.blobKey)\""))
            }
            let after = try await fixture.library.blobs.allKeys().count
            // And that re-encoding is byte for byte the stored preview (same pixels, same settings): stored once.
            let preview = try #require(try await fixture.library.catalog.variant(photoId: id, kind: .preview)).blobKey
            #expect(etags[1] == "\"\(preview)\"")
            #expect(after == before + 1, "one new blob, made once: \(before) → \(after)")
            #expect(try await fixture.library.orphanBlobs().isEmpty, "gc keeps sized blobs")

            for bad in [
                "/api/v1/photos/\(id)/sized/300.jpg", "/api/v1/photos/\(id)/sized/x",
                "/api/v1/photos/short/sized/150.jpg",
            ] {
                try await client.execute(uri: bad, method: .get) { (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(bad)")
                }
            }
            try await client.execute(uri: "/api/v1/photos/AAAAAAAAAAAA/sized/150.jpg", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .notFound)
            }
        }
        // Deleting the photo removes its sized blobs too.
        var keys: [BlobKey] = []
        for edge in [150, 640, 1280] {
            keys.append(try #require(try await fixture.library.catalog.sizedVariant(photoId: id, edge: edge)).blobKey)
        }
        #expect(try await fixture.library.deletePhoto(id: id))
        for key in keys { #expect(try await !fixture.library.blobs.contains(key)) }
    }

    @Test func concurrentFirstRequestsShareOneRender() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let maker = SizedVariantMaker(library: fixture.library, renders: ServerResources.makeRenderPool(Limits()))
        let id = fixture.ids[0]
        let results = try await withThrowingTaskGroup(of: SizedVariantRecord?.self) { group in
            for _ in 0..<6 { group.addTask { try await maker.variant(photoId: id, edge: 640) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map { $0?.blobKey }).count == 1)
        #expect(await maker.renderCount == 1)
        _ = try await maker.variant(photoId: id, edge: 640)
        #expect(await maker.renderCount == 1, "later requests read the stored row")
        #expect(try await maker.variant(photoId: "AAAAAAAAAAAA", edge: 640) == nil)
    }

    @Test func viewsAndDownloadsAreCounted() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let id = fixture.ids[0]
        let source = Fixtures.bytes(of: try #require(fixture.server.sources[id]))
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for _ in 0..<2 {
                try await client.execute(uri: "/api/v1/photos/\(id)/view", method: .post) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .noContent)
                }
            }
            try await client.execute(uri: "/api/v1/photos/\(id)/download", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.bytes == source)
                #expect(
                    response.headers[.contentDisposition]
                        == "attachment; filename=\"photo0.jpg\"; filename*=UTF-8''photo0.jpg")
                #expect(response.headers[.cacheControl] == "private, no-cache")
            }
            // Not new downloads: HEAD, a resumed range, a revalidation.
            try await client.execute(uri: "/api/v1/photos/\(id)/download", method: .head) { _ in }
            try await client.execute(
                uri: "/api/v1/photos/\(id)/download", method: .get, headers: [.range: "bytes=100-"]
            ) { (response: TestResponse) async throws in
                #expect(response.status == .partialContent)
            }
            let key = try #require(try await fixture.library.catalog.variant(photoId: id, kind: .original)).blobKey
            try await client.execute(
                uri: "/api/v1/photos/\(id)/download", method: .get, headers: [.ifNoneMatch: "\"\(key)\""]
            ) { (response: TestResponse) async throws in
                #expect(response.status == .notModified)
            }
            let counters = try #require(try await fixture.library.catalog.counters(photoId: id))
            #expect(counters.views == 2)
            #expect(counters.downloads == 1)
            try await client.execute(uri: "/api/v1/photos/AAAAAAAAAAAA/view", method: .post) {
                (response: TestResponse) async throws in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/photos/bad/download", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func attachmentNamesAreSafe() {
        #expect(
            CountersController<BasicRequestContext>.attachment(name: "Café \"x\"/y.jpg", fallbackExtension: "jpg")
                == "attachment; filename=\"Caf_ _x__y.jpg\"; filename*=UTF-8''Caf%C3%A9%20%22x%22%2Fy.jpg")
        #expect(
            CountersController<BasicRequestContext>.attachment(name: "", fallbackExtension: "png").contains("photo.png")
        )
    }
}
