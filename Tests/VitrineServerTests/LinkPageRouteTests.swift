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

/// `/s/{slug}` on a `--private` server, over a real socket: the client's page scoped to the link with its
/// card and scope, the password page and its form, and the expired and missing pages.
@Suite struct LinkPageRouteTests {
    @Test func anOpenLinksPageShowsItsPhotosAndNoOther() async throws {
        let server = try await LinkServer(photos: 4)
        let ids = server.fixture.ids
        let catalog = server.fixture.library.catalog
        try await server.app().test(.live) { client in
            let album = try await server.album(client, #"Ski <script>"&"#, ids: [ids[2], ids[3]])
            let link = try await server.link(client, #"{"albumId":"\#(album.id)"}"#)
            let html = try await client.execute(uri: "/s/\(link.slug)", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
                r.expectLinkPageHeaders()
                #expect(r.headers[.cacheControl] == "private, no-cache")
                return r.text
            }
            #expect(html.contains(#"<meta name="vitrine-scope" content="link:\#(link.slug)">"#))
            #expect(html.contains(#"<title>Ski &lt;script&gt;&quot;&amp;</title>"#), "the album's title, escaped")
            #expect(html.contains(#"<meta property="og:title" content="Ski &lt;script&gt;&quot;&amp;">"#))
            #expect(html.contains(#"<meta property="og:type" content="website">"#))
            #expect(!html.contains("<script>\""), "no title reaches the page unescaped")
            // The card's image is the newest photo's preview through the link's own asset route.
            let newest = try #require(try await catalog.photo(id: ids[3]))
            let preview = try #require(newest.variants[.preview]).blobKey.hex
            let image = "/api/v1/links/\(link.slug)/assets/\(preview).jpg"
            #expect(html.contains(#"<meta property="og:image" content="\#(image)">"#), "\(html)")
            try await client.execute(uri: image, method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .ok, "a visitor loads it")
            }
            for id in [ids[2], ids[3]] { #expect(html.contains(#"href="/s/\#(link.slug)/p/\#(id)""#)) }
            for id in [ids[0], ids[1]] {
                #expect(!html.contains(id), "another photo's id")
                let other = try #require(try await catalog.photo(id: id))
                for variant in other.variants.values { #expect(!html.contains(variant.blobKey.hex)) }
            }
            #expect(html.contains(#"<script id="link" type="application/json">"#))
            #expect(!html.contains(#""/assets/"#), "every file goes through the link's own route")
            try await client.execute(uri: "/s/\(link.slug)/p/\(ids[2])", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok && r.text.contains("link:\(link.slug)"))
            }
            for path in [
                "/s/\(link.slug)/p/\(ids[0])", "/s/\(link.slug)/p/not-an-id", "/s/AAAAAAAAAAAAAAAAAAAAAAAA", "/s/x",
            ] {
                try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .notFound, "\(path)")
                    r.expectLinkPageHeaders()
                    #expect(r.text.contains("This link does not exist") && !r.text.contains(ids[0]), "\(path)")
                }
            }
            try await client.execute(uri: "/", method: .get) { (r: TestResponse) async throws in
                #expect(!r.text.contains(ids[2]), "the private library's own page has no photos")
            }
            try await client.execute(uri: "/api/v1/links/\(link.slug)", method: .delete, headers: server.auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .noContent)
            }
            try await client.execute(uri: "/s/\(link.slug)", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .notFound && r.text.contains("This link does not exist"), "a deleted link")
            }
        }
    }

    /// Pages are kept between visits: each change that shows on the page makes the next visit render again.
    @Test func theKeptPageFollowsTheAlbumTheLinkAndTheLayout() async throws {
        let server = try await LinkServer(photos: 3)
        let ids = server.fixture.ids
        try await server.app().test(.live) { client in
            let album = try await server.album(client, "Before", ids: [ids[0]])
            let link = try await server.link(client, #"{"albumId":"\#(album.id)"}"#)
            func page(_ headers: HTTPFields = [:]) async throws -> String {
                try await client.execute(uri: "/s/\(link.slug)", method: .get, headers: headers) {
                    (r: TestResponse) async throws in r.text
                }
            }
            let first = try await page()
            #expect(try await page() == first, "the same page twice")
            #expect(first.contains("<title>Before</title>") && !first.contains(ids[1]))
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)", method: .patch, headers: server.auth,
                body: ByteBuffer(string: #"{"title":"After"}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            #expect(try await page().contains("<title>After</title>"), "the album's new title")
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)/photos", method: .post, headers: server.auth,
                body: ByteBuffer(string: #"{"ids":["\#(ids[1])"]}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            #expect(try await page().contains(ids[1]), "a photo added to the album")
            try await client.execute(
                uri: "/api/v1/links/\(link.slug)", method: .patch, headers: server.auth,
                body: ByteBuffer(string: #"{"title":"Renamed link","allowDownload":false}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            let renamed = try await page()
            #expect(renamed.contains("<title>Renamed link</title>") && renamed.contains(#""allowDownload":false"#))
            #expect(try await page([.cookie: "vitrine_layout=justified"]).contains(#"data-layout="justified""#))
        }
    }

    /// An album's description is the card's, as one line, escaped, at most `cardTextLimit` characters cut
    /// at a word; it follows an edit, and a link to chosen photos has none.
    @Test func theCardCarriesTheAlbumsDescription() async throws {
        let server = try await LinkServer(photos: 2)
        let ids = server.fixture.ids
        try await server.app().test(.live) { client in
            let album = try await server.album(client, "Trip", ids: [ids[0]])
            let described = #"Boats <b>"&"</b>\#nat dusk"#
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)", method: .patch, headers: server.auth,
                body: ByteBuffer(bytes: try JSONEncoder().encode(AlbumChange(description: described)))
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            let link = try await server.link(client, #"{"albumId":"\#(album.id)"}"#)
            func page(_ slug: String) async throws -> String {
                try await client.execute(uri: "/s/\(slug)", method: .get) { (r: TestResponse) async throws in r.text }
            }
            let card = #"<meta property="og:description" content="Boats &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt; at dusk">"#
            #expect(try await page(link.slug).contains(card), "one line, escaped")
            let long = String(repeating: "harbour ", count: 60)
            try await client.execute(
                uri: "/api/v1/albums/\(album.id)", method: .patch, headers: server.auth,
                body: ByteBuffer(bytes: try JSONEncoder().encode(AlbumChange(description: long)))
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            let cut = String(repeating: "harbour ", count: 36) + "harbour…"
            #expect(try await page(link.slug).contains(#"<meta property="og:description" content="\#(cut)">"#))
            #expect(LinkPages.cardText(long).count <= 301)
            let chosen = try await server.link(client, #"{"photos":{"ids":["\#(ids[1])"]}}"#)
            #expect(!(try await page(chosen.slug)).contains("og:description"))
        }
    }

    /// A deep link's visitor lands on its photo once the password is right, through a wrong guess too; a
    /// `photo` that is not an id lands on the link.
    @Test func thePasswordFormOfADeepLinkLandsOnItsPhoto() async throws {
        let server = try await LinkServer(photos: 2)
        let ids = server.fixture.ids
        try await server.app().test(.live) { client in
            let link = try await server.link(
                client, #"{"photos":{"ids":["\#(ids[1])"]},"password":"correct horse"}"#)
            let session = "/api/v1/links/\(link.slug)/session?photo=\(ids[1])"
            try await client.execute(uri: "/s/\(link.slug)/p/\(ids[1])", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok && r.text.contains(#"<form method="post" action="\#(session)">"#))
            }
            try await client.execute(
                uri: session, method: .post, headers: LinkServer.form, body: ByteBuffer(string: "password=wrong")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .unauthorized && r.text.contains(#"action="\#(session)""#), "the photo stays")
            }
            try await client.execute(
                uri: session, method: .post, headers: LinkServer.form,
                body: ByteBuffer(string: "password=correct+horse")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .seeOther && r.headers[.location] == "/s/\(link.slug)/p/\(ids[1])")
            }
            try await client.execute(
                uri: "/api/v1/links/\(link.slug)/session?photo=..%2Fadmin", method: .post, headers: LinkServer.form,
                body: ByteBuffer(string: "password=correct+horse")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .seeOther && r.headers[.location] == "/s/\(link.slug)")
            }
        }
    }

    @Test func aPasswordIsAskedOnAPageOfItsOwnAndItsFormOpensTheLink() async throws {
        let server = try await LinkServer(photos: 2)
        let ids = server.fixture.ids
        try await server.app().test(.live) { client in
            let link = try await server.link(
                client, #"{"photos":{"ids":["\#(ids[1])"]},"title":"Family","password":"correct horse"}"#)
            let page = "/s/\(link.slug)"
            let session = "/api/v1/links/\(link.slug)/session"
            try await client.execute(uri: page, method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .ok)
                r.expectLinkPageHeaders()
                #expect(r.text.contains(#"<form method="post" action="\#(session)">"#))
                #expect(
                    r.text.contains(#"type="password" name="password""#) && r.text.contains("<title>Family</title>"))
                #expect(!r.text.contains(ids[1]) && !r.text.contains("og:image") && !r.text.contains("first-page"))
            }
            try await client.execute(
                uri: session, method: .post, headers: LinkServer.form, body: ByteBuffer(string: "password=wrong")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .unauthorized)
                r.expectLinkPageHeaders()
                #expect(r.text.contains("That is not this link’s password.") && r.headers[.setCookie] == nil)
            }
            let cookie = try await client.execute(
                uri: session, method: .post, headers: LinkServer.form,
                body: ByteBuffer(string: "password=correct+horse")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .seeOther && r.headers[.location] == page)
                return try LinkServer.cookie(r)
            }
            try await client.execute(uri: page, method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok && r.text.contains("link:\(link.slug)") && r.text.contains(ids[1]))
                #expect(r.text.contains("og:image"))
            }
            try await client.execute(uri: session, method: .post, body: ByteBuffer(string: #"{"password":"wrong"}"#)) {
                (r: TestResponse) async throws in
                #expect(try r.errorCode() == "wrong_password", "JSON is still answered with JSON")
            }
            // Brute force through the form: the same throttle as JSON (4 failures a minute here).
            var statuses: [HTTPResponse.Status] = []
            for guess in 0..<5 {
                try await client.execute(
                    uri: session, method: .post, headers: LinkServer.form,
                    body: ByteBuffer(string: "password=g\(guess)")
                ) { (r: TestResponse) async throws in
                    statuses.append(r.status)
                    if r.status == .tooManyRequests {
                        r.expectLinkPageHeaders()
                        #expect(r.headers[.retryAfter] != nil && r.text.contains("Too many attempts"))
                    }
                }
            }
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
            try await client.execute(
                uri: session, method: .post, headers: LinkServer.form,
                body: ByteBuffer(string: "password=correct+horse")
            ) { (r: TestResponse) async throws in
                #expect(r.status == .tooManyRequests && r.headers[.setCookie] == nil, "even when right")
            }
        }
    }

    @Test func anExpiredLinkAnswers410WithAPageThatSaysSo() async throws {
        let server = try await LinkServer(photos: 1)
        let id = server.fixture.ids[0]
        try await server.app().test(.live) { client in
            let link = try await server.link(
                client,
                #"{"photos":{"ids":["\#(id)"]},"title":"Old","expiresAt":"2020-01-01T00:00:00Z","allowUpload":true}"#)
            for path in ["/s/\(link.slug)", "/s/\(link.slug)/p/\(id)"] {
                try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .gone, "\(path)")
                    r.expectLinkPageHeaders()
                    #expect(r.text.contains("This link has expired") && !r.text.contains(id) && !r.text.contains("Old"))
                }
            }
            let api = "/api/v1/links/\(link.slug)"
            for path in ["", "/photos", "/timeline", "/photos/\(id)"] {
                try await client.execute(uri: api + path, method: .get) { (r: TestResponse) async throws in
                    #expect(try r.status == .gone && r.errorCode() == "link_expired", "\(path)")
                }
            }
            try await client.execute(
                uri: api + "/session", method: .post, headers: LinkServer.form, body: ByteBuffer(string: "password=x")
            ) { (r: TestResponse) async throws in #expect(r.status == .gone && r.text.contains("This link has expired"))
            }
            try await client.execute(uri: api + "/photos", method: .post, body: ByteBuffer(string: "bytes")) {
                (r: TestResponse) async throws in
                #expect(try r.status == .gone && r.errorCode() == "link_expired", "no uploads once expired")
            }
        }
    }
}
