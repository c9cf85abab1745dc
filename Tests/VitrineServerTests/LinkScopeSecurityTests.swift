import Catalog
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// What a link's visitor cannot reach on a `--private` server, over a real socket, even holding the link's
/// cookie: other photos by guessed ids, albums, other links, the tag list, search, the event stream, the
/// admin routes; and cross-site form posts, refused on every state-changing route.
@Suite struct LinkScopeSecurityTests {
    @Test func theLinksCookieOpensTheLinkAndNothingElse() async throws {
        let server = try await LinkServer(photos: 4)
        let ids = server.fixture.ids
        let catalog = server.fixture.library.catalog
        try await server.app().test(.live) { client in
            let album = try await server.album(client, "Private", ids: [ids[0], ids[1]])
            let link = try await server.link(client, #"{"photos":{"ids":["\#(ids[3])"]},"password":"pw"}"#)
            let other = try await server.link(client, #"{"photos":{"ids":["\#(ids[2])"]},"password":"pw"}"#)
            let cookie = try await client.execute(
                uri: "/api/v1/links/\(link.slug)/session", method: .post,
                body: ByteBuffer(string: #"{"password":"pw"}"#)
            ) { (r: TestResponse) async throws in try LinkServer.cookie(r) }
            let visitor: HTTPFields = [.cookie: cookie]
            let base = "/api/v1/links/\(link.slug)"
            try await client.execute(uri: base + "/photos", method: .get, headers: visitor) {
                (r: TestResponse) async throws in
                #expect(try r.decode(PhotoPage.self).items.map(\.id) == [ids[3]])
            }
            let key = try #require(try await catalog.photo(id: ids[0])?.variants[.original]).blobKey.hex
            for path in [
                "/api/v1/photos", "/api/v1/photos?q=photo", "/api/v1/photos/\(ids[0])", "/api/v1/tags",
                "/api/v1/timeline", "/api/v1/events", "/api/v1/details", "/api/v1/albums", "/api/v1/albums/\(album.id)",
                "/api/v1/photos?album=\(album.id)", "/api/v1/links", "/api/v1/trash", "/api/v1/zip?album=\(album.id)",
                "/api/v1/zip?ids=\(ids[0])", "/assets/\(key)",
            ] {
                try await client.execute(uri: path, method: .get, headers: visitor) { (r: TestResponse) async throws in
                    #expect(r.status == .unauthorized, "\(path)")
                }
            }
            // Guessed ids through the link: other photos, their files, album ids as photo ids.
            for path in [
                base + "/photos/\(ids[0])", base + "/photos/\(album.id)", base + "/assets/\(key)",
                base + "/assets/\(key).jpg", "/s/\(link.slug)/p/\(ids[0])",
            ] {
                try await client.execute(uri: path, method: .get, headers: visitor) { (r: TestResponse) async throws in
                    #expect(r.status == .notFound, "\(path)")
                }
            }
            // One link's cookie does not open another.
            try await client.execute(uri: "/api/v1/links/\(other.slug)/photos", method: .get, headers: visitor) {
                (r: TestResponse) async throws in
                #expect(r.status == .unauthorized)
            }
            try await client.execute(uri: "/s/\(other.slug)", method: .get, headers: visitor) {
                (r: TestResponse) async throws in
                #expect(r.text.contains(#"type="password""#) && !r.text.contains(ids[2]))
            }
            // Writes: the owner's routes take only the token, never a link's cookie.
            for (method, path, body) in [
                (HTTPRequest.Method.post, "/api/v1/albums", #"{"title":"x"}"#),
                (.patch, "/api/v1/photos/\(ids[3])", #"{"title":"x"}"#),
                (.delete, "/api/v1/photos/\(ids[3])", ""),
                (.post, "/api/v1/links", #"{"photos":{"ids":["\#(ids[0])"]}}"#),
                (.patch, "/api/v1/links/\(link.slug)", #"{"password":null}"#),
                (.delete, "/api/v1/links/\(link.slug)", ""),
                (.post, "/api/v1/favorites", #"{"ids":["\#(ids[3])"]}"#),
            ] {
                try await client.execute(uri: path, method: method, headers: visitor, body: ByteBuffer(string: body)) {
                    (r: TestResponse) async throws in #expect(r.status == .unauthorized, "\(method) \(path)")
                }
            }
            #expect(try await catalog.link(slug: link.slug)?.passwordHash != nil)
        }
    }

    @Test func guessedLinkSlugsFindNothing() async throws {
        let server = try await LinkServer(photos: 1)
        try await server.app().test(.live) { client in
            let link = try await server.link(client, #"{"photos":{"ids":["\#(server.fixture.ids[0])"]}}"#)
            #expect(link.slug.utf8.count == 24, "144 bits")
            var guesses = [String(link.slug.reversed()), String(repeating: "A", count: 24), link.slug.lowercased()]
            guesses.removeAll { $0 == link.slug }
            for guess in guesses + ["%2e%2e", String(link.slug.dropLast())] {
                for path in ["/s/\(guess)", "/api/v1/links/\(guess)", "/api/v1/links/\(guess)/photos"] {
                    try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                        #expect(r.status == .notFound, "\(path)")
                    }
                }
            }
        }
    }

    /// Today the owner's writes need the bearer token, which no form can send; the middleware refuses what a
    /// browser says another site started before any credential is looked at, cookies included.
    @Test func crossSiteFormPostsAreRefused() async throws {
        let server = try await LinkServer(photos: 1)
        let id = server.fixture.ids[0]
        try await server.app().test(.live) { client in
            let link = try await server.link(
                client, #"{"photos":{"ids":["\#(id)"]},"allowUpload":true,"password":"pw"}"#)
            let session = try await client.execute(uri: "/api/v1/session", method: .post, headers: server.auth) {
                (r: TestResponse) async throws in
                try LinkServer.cookie(r)
            }
            let site = HTTPField.Name("Sec-Fetch-Site")!
            for value in ["cross-site", "same-site", "Cross-Site"] {
                var headers = LinkServer.form
                headers[site] = value
                headers[.cookie] = session
                headers[.origin] = "https://evil.example"
                for (method, path) in [
                    (HTTPRequest.Method.post, "/api/v1/albums"), (.post, "/api/v1/trash/restore"),
                    (.delete, "/api/v1/session"), (.post, "/api/v1/links/\(link.slug)/session"),
                    (.post, "/api/v1/links/\(link.slug)/photos"), (.delete, "/api/v1/photos/\(id)"),
                ] {
                    try await client.execute(
                        uri: path, method: method, headers: headers, body: ByteBuffer(string: "password=pw&title=x")
                    ) { (r: TestResponse) async throws in
                        #expect(
                            try r.status == .forbidden && r.errorCode() == "cross_site", "\(value) \(method) \(path)")
                    }
                }
                var withToken = server.auth
                withToken[site] = value
                try await client.execute(
                    uri: "/api/v1/albums", method: .post, headers: withToken,
                    body: ByteBuffer(string: #"{"title":"x"}"#)
                ) { (r: TestResponse) async throws in
                    #expect(r.status == .forbidden, "a browser on another site never writes, token or not")
                }
            }
            // The photo is still there, and the session still open: nothing above reached a handler.
            try await client.execute(uri: "/api/v1/photos/\(id)", method: .get, headers: [.cookie: session]) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
            }
            // The same requests from the page's own origin, or from a client that is not a browser, go through.
            for value in ["same-origin", "none", nil] {
                var headers = server.auth
                headers[.contentType] = "application/json"
                if let value { headers[site] = value }
                try await client.execute(
                    uri: "/api/v1/albums", method: .post, headers: headers, body: ByteBuffer(string: #"{"title":"ok"}"#)
                ) { (r: TestResponse) async throws in #expect(r.status == .created, "\(value ?? "no header")") }
            }
            var crossRead: HTTPFields = [.cookie: session]
            crossRead[site] = "cross-site"
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: crossRead) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok, "reads are not state changes (an <img> from anywhere may load)")
            }
        }
    }
}
