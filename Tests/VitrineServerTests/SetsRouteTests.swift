import Catalog
import Foundation
import GalleryEngine
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Albums and favourites through the router: every route, its refusals, and the filters pages take.
@Suite struct SetsRouteTests {
    func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// The web client splits a selection into requests by the engine's `ClientPolicy`: its limits are
    /// the ones the routes refuse past.
    @Test func theClientSplitsSelectionsAtTheLimitsTheRoutesKeep() {
        #expect(ClientPolicy().selectionRanges == Selection.maximumRanges)
        #expect(ClientPolicy().selectionIDs == PhotoIDs.maximumCount)
    }

    @Test func favouritesFromTheViewerAndFromASelection() async throws {
        let fixture = try await ServerFixture(photos: 4)
        let auth = try fixture.bearer()
        let ids = fixture.ids
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos/\(ids[1])", method: .patch, headers: auth, body: json(#"{"favorite":true}"#)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .ok)
                #expect(try r.decode(PhotoDetail.self).favorite == true)
            }
            try await client.execute(uri: "/api/v1/photos/\(ids[1])", method: .get) {
                (r: TestResponse) async throws in #expect(try r.decode(PhotoDetail.self).favorite == true)
            }
            try await client.execute(
                uri: "/api/v1/favorites", method: .post, headers: auth,
                body: json(#"{"ids":["\#(ids[1])","\#(ids[3])"]}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(SetChange.self).changed == 1) }
            try await client.execute(uri: "/api/v1/photos?favorite=true", method: .get) {
                (r: TestResponse) async throws in
                let page = try r.decode(PhotoPage.self)
                #expect(page.total == 2 && page.items.map(\.id) == [ids[3], ids[1]])
            }
            try await client.execute(uri: "/api/v1/timeline?favorite=true", method: .get) {
                (r: TestResponse) async throws in #expect(try r.decode(Timeline.self).total == 2)
            }
            try await client.execute(
                uri: "/api/v1/favorites", method: .delete, headers: auth, body: json(#"{"ids":["\#(ids[3])"]}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(SetChange.self).changed == 1) }
            try await client.execute(
                uri: "/api/v1/photos/\(ids[1])", method: .patch, headers: auth, body: json(#"{"favorite":false}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(PhotoDetail.self).favorite == nil) }
            try await client.execute(uri: "/api/v1/photos?favorite=true", method: .get) {
                (r: TestResponse) async throws in #expect(try r.decode(PhotoPage.self).total == 0)
            }
            for query in ["favorite=yes", "album=nope", "album=\(ids[0])&favorite=true"] {
                try await client.execute(uri: "/api/v1/photos?\(query)", method: .get) {
                    (r: TestResponse) async throws in
                    #expect(r.status == .badRequest, "\(query)")
                    #expect(try r.errorCode() == "bad_filter")
                }
            }
        }
    }

    @Test func anAlbumFromARangeThroughItsWholeLife() async throws {
        let fixture = try await ServerFixture(photos: 5)
        let auth = try fixture.bearer()
        let ids = fixture.ids  // oldest first
        var taken: [String: Int64] = [:]
        for id in ids { taken[id] = try #require(try await fixture.library.catalog.photo(id: id)).photo.takenAt }
        let range = #"{"newest":[\#(taken[ids[3]]!),"\#(ids[3])"],"oldest":[\#(taken[ids[1]]!)]}"#
        try await fixture.makeApp().test(.router) { client in
            let album = try await client.execute(
                uri: "/api/v1/albums", method: .post, headers: auth,
                body: json(#"{"title":"Winter","description":"Snow\nand ice","photos":{"ranges":[\#(range)]}}"#)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .created)
                return try r.decode(Album.self)
            }
            #expect(album.title == "Winter" && album.description == "Snow\nand ice" && album.photoCount == 3)
            #expect(album.cover?.id == ids[3], "the newest photo until a cover is chosen")
            try await client.execute(uri: "/api/v1/photos?album=\(album.id)&limit=2", method: .get) {
                (r: TestResponse) async throws in
                let page = try r.decode(PhotoPage.self)
                #expect(page.total == 3 && page.items.map(\.id) == [ids[3], ids[2]] && page.nextCursor != nil)
            }
            try await client.execute(uri: "/api/v1/timeline?album=\(album.id)", method: .get) {
                (r: TestResponse) async throws in #expect(try r.decode(Timeline.self).total == 3)
            }
            try await client.execute(uri: "/api/v1/photos/\(ids[2])", method: .get) {
                (r: TestResponse) async throws in #expect(try r.decode(PhotoDetail.self).albums == [album.id])
            }
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)", method: .patch, headers: auth,
                body: json(#"{"coverPhotoId":"\#(ids[4])"}"#)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .unprocessableContent)
                #expect(try r.errorCode() == "bad_cover")
            }
            for cover in [ids[4], "not-an-id"] {
                try await client.execute(
                    uri: "/api/v1/albums", method: .post, headers: auth,
                    body: json(#"{"title":"Refused","photos":{"ids":["\#(ids[1])"]},"coverPhotoId":"\#(cover)"}"#)
                ) { (r: TestResponse) async throws in #expect(try r.errorCode() == "bad_cover", "\(cover)") }
            }
            try await client.execute(uri: "/api/v1/albums", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                #expect(!String(buffer: r.body).contains("Refused"), "a refused create leaves no album")
            }
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)", method: .patch, headers: auth,
                body: json(#"{"title":"Winter 2020","coverPhotoId":"\#(ids[1])"}"#)
            ) { (r: TestResponse) async throws in
                let edited = try r.decode(Album.self)
                #expect(edited.title == "Winter 2020" && edited.cover?.id == ids[1])
            }
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)/photos", method: .post, headers: auth,
                body: json(#"{"ids":["\#(ids[0])","\#(ids[1])"]}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(SetChange.self).changed == 1) }
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)/photos", method: .delete, headers: auth,
                body: json(#"{"ids":["\#(ids[1])"]}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(SetChange.self).changed == 1) }
            try await client.execute(uri: "/api/v1/albums", method: .get) { (r: TestResponse) async throws in
                let list = try r.decode(AlbumList.self)
                #expect(list.items.map(\.id) == [album.id] && list.items[0].photoCount == 3)
                #expect(list.items[0].cover?.id == ids[3], "a cover that left the album gives way to the newest")
            }
            try await client.execute(uri: "/api/v1/albums/\(album.id)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/albums/\(album.id)", method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(PhotoPage.self).total == 5, "the photos stay")
            }
        }
    }

    @Test func refusalsSayWhy() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let id = fixture.ids[0]
        try await fixture.makeApp().test(.router) { client in
            for (body, code) in [
                (#"{}"#, "bad_title"), (#"{"title":"  "}"#, "bad_title"), (#"{"title":"a\u0007"}"#, "bad_title"),
                (#"{"title":"A","photos":{}}"#, "bad_selection"), ("[", "bad_json"),
                (#"{"title":"A","photos":{"ranges":[{"newest":["x"],"oldest":[1]}]}}"#, "bad_selection"),
                (#"{"title":"A","photos":{"ranges":[{"newest":[1,"../etc/passwd"],"oldest":[1]}]}}"#, "bad_selection"),
                (#"{"title":"A","photos":{"ranges":[{"newest":[1],"oldest":[1],"album":"x"}]}}"#, "bad_filter"),
            ] {
                try await client.execute(uri: "/api/v1/albums", method: .post, headers: auth, body: json(body)) {
                    (r: TestResponse) async throws in
                    #expect(r.status == .badRequest, "\(body)")
                    #expect(try r.errorCode() == code, "\(body)")
                }
            }
            let ranges = Array(repeating: #"{"newest":[1],"oldest":[0]}"#, count: 101).joined(separator: ",")
            try await client.execute(
                uri: "/api/v1/favorites", method: .post, headers: auth, body: json(#"{"ranges":[\#(ranges)]}"#)
            ) { (r: TestResponse) async throws in #expect(try r.errorCode() == "bad_selection") }
            let unknown = PhotoID.make()
            for (method, path) in [
                (HTTPRequest.Method.post, "/api/v1/albums/\(unknown)/photos"),
                (.delete, "/api/v1/albums/\(unknown)/photos"),
                (.patch, "/api/v1/albums/\(unknown)"), (.delete, "/api/v1/albums/\(unknown)"),
            ] {
                try await client.execute(
                    uri: path, method: method, headers: auth, body: json(#"{"ids":["\#(id)"],"title":"B"}"#)
                ) { (r: TestResponse) async throws in #expect(r.status == .notFound, "\(method) \(path)") }
            }
            for (method, path) in [
                (HTTPRequest.Method.post, "/api/v1/albums"), (.post, "/api/v1/favorites"),
                (.delete, "/api/v1/favorites"),
            ] {
                try await client.execute(uri: path, method: method, body: json(#"{"ids":["\#(id)"],"title":"B"}"#)) {
                    (r: TestResponse) async throws in #expect(r.status == .unauthorized, "\(method) \(path)")
                }
            }
            try await client.execute(uri: "/api/v1/albums/not-an-id", method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .badRequest)
            }
        }
    }
}
