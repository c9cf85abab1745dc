import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `"position"` on `GET /api/v1/photos?around=ID`: the photo's UTC month and its index there among the
/// filter's matches, newest first, which `month` and `offset` lead back to; absent from every other page. The
/// fixture's photos are dated 2020-01-01 … 05 at 10:00 (UTC), `photoN.jpg` the (N+1)th.
@Suite struct AroundPositionRouteTests {
    func text(_ client: some TestClientProtocol, _ uri: String) async throws -> String {
        try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
            #expect(response.status == .ok, "\(uri)")
            return String(decoding: response.bytes, as: UTF8.self)
        }
    }

    func page(_ client: some TestClientProtocol, _ uri: String) async throws -> PhotoPage {
        try JSONDecoder().decode(PhotoPage.self, from: Data(try await text(client, uri).utf8))
    }

    @Test func anAroundPageSaysWhereThePhotoSitsInItsMonth() async throws {
        let fixture = try await ServerFixture(photos: 5)
        let newestFirst = Array(fixture.ids.reversed())
        let auth = try fixture.bearer()
        try await fixture.makeApp().test(.router) { client in
            let body = try await text(client, "/api/v1/photos?limit=3&around=\(newestFirst[2])")
            #expect(body.contains(#""position":{"year":2020,"month":1,"offset":2}"#), "\(body)")
            for (index, id) in newestFirst.enumerated() {
                let around = try await page(client, "/api/v1/photos?limit=1&around=\(id)")
                #expect(around.position == PhotoPage.Position(year: 2020, month: 1, offset: index))
                // `month` and `offset` lead back to the photo.
                let back = try await page(client, "/api/v1/photos?limit=1&month=2020-01&offset=\(index)")
                #expect(back.items.map(\.id) == [id])
            }

            // Text: only `photo1.jpg` (newestFirst[3]) matches; a photo left out counts the matches above it.
            let text = "q=photo1"
            #expect(try await page(client, "/api/v1/photos?\(text)&around=\(newestFirst[3])").position?.offset == 0)
            #expect(try await page(client, "/api/v1/photos?\(text)&around=\(newestFirst[0])").position?.offset == 0)
            #expect(try await page(client, "/api/v1/photos?\(text)&around=\(newestFirst[4])").position?.offset == 1)

            // A tag on the two oldest and the newest photo.
            for id in [newestFirst[0], newestFirst[3], newestFirst[4]] {
                try await client.execute(
                    uri: "/api/v1/photos/\(id)", method: .patch, headers: auth,
                    body: ByteBuffer(string: #"{"tags":["Sea"]}"#)
                ) { (response: TestResponse) async throws in #expect(response.status == .ok) }
            }
            let tagged = try await page(client, "/api/v1/photos?tag=sea&limit=2&around=\(newestFirst[4])")
            #expect(tagged.position == PhotoPage.Position(year: 2020, month: 1, offset: 2))
            #expect(try await page(client, "/api/v1/photos?tag=sea&around=\(newestFirst[2])").position?.offset == 1)
        }
    }

    @Test func noOtherPageCarriesAPosition() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp().test(.router) { client in
            let top = try await page(client, "/api/v1/photos?limit=1")
            let cursor = try #require(top.nextCursor)
            for uri in [
                "/api/v1/photos", "/api/v1/photos?limit=1&cursor=\(cursor)", "/api/v1/photos?after=\(cursor)",
                "/api/v1/photos?before=2020-01-02", "/api/v1/photos?month=2020-01&offset=1",
                "/api/v1/photos?q=photo&order=relevance", "/api/v1/photos?tag=nosuchtag",
            ] {
                #expect(!(try await text(client, uri)).contains(#""position""#), "\(uri)")
            }
        }
    }
}
