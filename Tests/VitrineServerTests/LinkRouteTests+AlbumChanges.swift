import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// A link to an album serves the files of the photos the album holds now: the answers the link's file route
/// keeps for speed never outlive a change to the album, a trashed photo or the link itself.
extension LinkRouteTests {
    @Test func aLinksFilesFollowItsAlbumTheTrashAndTheLink() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let auth = try fixture.bearer()
        let ids = fixture.ids
        let catalog = fixture.library.catalog
        var keys: [String] = []
        for id in ids { keys.append(try #require(try await catalog.photo(id: id)?.variants[.thumbWebP]).blobKey.hex) }
        let thumbs = keys
        try await fixture.makeApp(access: Self.privateServer).test(.router) { client in
            let album = try await client.execute(
                uri: "/api/v1/albums", method: .post, headers: auth,
                body: json(#"{"title":"Ski","photos":{"ids":["\#(ids[0])","\#(ids[1])"]}}"#)
            ) { (r: TestResponse) async throws in try r.decode(Album.self) }
            let link = try await create(client, auth, #"{"albumId":"\#(album.id)"}"#)
            func status(_ k: Int, accept: String = "image/webp") async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/api/v1/links/\(link.slug)/assets/\(thumbs[k])", method: .get, headers: [.accept: accept]
                ) { (r: TestResponse) async throws in r.status }
            }
            func albumPhotos(_ method: HTTPRequest.Method, _ id: String) async throws {
                try await client.execute(
                    uri: "/api/v1/albums/\(album.id)/photos", method: method, headers: auth,
                    body: json(#"{"ids":["\#(id)"]}"#)
                ) { (r: TestResponse) async throws in #expect(try r.decode(SetChange.self).changed == 1) }
            }
            // Asked twice, so that the second answer can come from what the route keeps.
            for _ in 0..<2 {
                let answers = [try await status(0), try await status(1), try await status(2)]
                #expect(answers == [.ok, .ok, .notFound])
            }
            // The thumb a visitor gets follows `Accept`, as the library's own route does, and stays private.
            try await client.execute(
                uri: "/api/v1/links/\(link.slug)/assets/\(thumbs[0])", method: .get, headers: [.accept: "image/jpeg"]
            ) { (r: TestResponse) async throws in
                #expect(r.status == .ok && r.headers[.contentType] == "image/jpeg")
                #expect(r.headers[.cacheControl]?.hasPrefix("private") == true && r.headers[.vary] == "Accept")
            }
            try await albumPhotos(.delete, ids[0])
            #expect(try await status(0) == .notFound, "a photo taken out of the album at once")
            try await albumPhotos(.post, ids[2])
            #expect(try await status(2) == .ok, "a photo put in at once")
            try await albumPhotos(.post, ids[0])
            #expect(try await status(0) == .ok)
            try await client.execute(uri: "/api/v1/photos/\(ids[1])", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .ok || r.status == .noContent)
            }
            #expect(try await status(1) == .notFound, "a trashed photo at once")
            try await client.execute(uri: "/api/v1/links/\(link.slug)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .noContent)
            }
            #expect(try await status(0) == .notFound, "a deleted link at once")
        }
    }
}
