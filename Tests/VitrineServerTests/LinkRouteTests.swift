import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Share links through the router, on a `--private` server: the owner makes and manages them; a visitor
/// reaches exactly the link's photos and their files, and nothing else.
@Suite struct LinkRouteTests {
    static let privateServer = AccessConfiguration(isPrivate: true, failedAttemptLimit: 4)

    func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    func create(_ client: some TestClientProtocol, _ auth: HTTPFields, _ body: String) async throws -> ShareLink {
        try await client.execute(uri: "/api/v1/links", method: .post, headers: auth, body: json(body)) {
            (r: TestResponse) async throws in
            #expect(r.status == .created, "\(String(buffer: r.body))")
            return try r.decode(ShareLink.self)
        }
    }

    @Test func aVisitorReachesTheLinksPhotosAndNothingElse() async throws {
        let fixture = try await ServerFixture(photos: 4)
        let auth = try fixture.bearer()
        let ids = fixture.ids
        let outside = try #require(try await fixture.library.catalog.photo(id: ids[0]))
        try await fixture.makeApp(access: Self.privateServer).test(.router) { client in
            let link = try await create(client, auth, #"{"photos":{"ids":["\#(ids[2])","\#(ids[3])"]},"title":"Ski"}"#)
            #expect(link.slug.count == 24 && link.url == "/s/\(link.slug)" && link.photoCount == 2)
            let base = "/api/v1/links/\(link.slug)"
            try await client.execute(uri: base, method: .get) { (r: TestResponse) async throws in
                let info = try r.decode(LinkInfo.self)
                #expect(info.title == "Ski" && !info.passwordRequired && info.photoCount == 2)
            }
            let page = try await client.execute(uri: base + "/photos", method: .get) { (r: TestResponse) async throws in
                try r.decode(PhotoPage.self)
            }
            #expect(page.total == 2 && Set(page.items.map(\.id)) == [ids[2], ids[3]])
            #expect(page.items.allSatisfy { $0.thumb.url.hasPrefix(base + "/assets/") })
            for url in page.items.flatMap({ [$0.thumb.url, $0.preview.url, $0.original.url] }) {
                try await client.execute(uri: url, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .ok, "\(url)")
                }
            }
            try await client.execute(uri: base + "/timeline", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(Timeline.self).total == 2)
            }
            try await client.execute(uri: base + "/photos/\(ids[2])", method: .get) { (r: TestResponse) async throws in
                let detail = try r.decode(PhotoDetail.self)
                #expect(detail.id == ids[2] && detail.location == nil && detail.albums == nil)
            }
            // Guessing: another photo's id, its file through the link, and every route outside the link.
            try await client.execute(uri: base + "/photos/\(ids[0])", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .notFound)
            }
            for kind in [VariantKind.thumbJPEG, .preview, .original] {
                let key = try #require(outside.variants[kind]).blobKey
                try await client.execute(uri: base + "/assets/\(key.hex)", method: .get) {
                    (r: TestResponse) async throws in #expect(r.status == .notFound, "\(kind)")
                }
                try await client.execute(uri: "/assets/\(key.hex)", method: .get) {
                    (r: TestResponse) async throws in #expect(r.status == .unauthorized, "\(kind)")
                }
            }
            for path in [
                "/api/v1/photos", "/api/v1/photos/\(ids[2])", "/api/v1/tags", "/api/v1/timeline", "/api/v1/albums",
                "/api/v1/events", "/api/v1/details", "/api/v1/links", "/api/v1/trash", "/api/v1/zip?ids=\(ids[2])",
                "/api/v1/photos?q=ski",
            ] {
                try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .unauthorized, "\(path)")
                }
            }
            for slug in [String(link.slug.dropLast()) + "A", "short", link.slug + "x"] {
                try await client.execute(uri: "/api/v1/links/\(slug)/photos", method: .get) {
                    (r: TestResponse) async throws in #expect(r.status == .notFound, "\(slug)")
                }
            }
            try await client.execute(uri: "/api/v1/links", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                let list = try r.decode(LinkList.self)
                #expect(list.items.map(\.slug) == [link.slug] && list.items[0].views == 1)
            }
            try await client.execute(uri: "/api/v1/links/\(link.slug)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .noContent)
            }
            try await client.execute(uri: base + "/photos", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .notFound, "a deleted link is gone")
            }
        }
    }

    @Test func aPasswordIsAskedThrottledAndChangingItEndsVisits() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        try await fixture.makeApp(access: Self.privateServer).test(.router) { client in
            let album = try await client.execute(
                uri: "/api/v1/albums", method: .post, headers: auth,
                body: json(#"{"title":"Family","photos":{"ids":["\#(fixture.ids[0])"]}}"#)
            ) { (r: TestResponse) async throws in try r.decode(Album.self) }
            let link = try await create(
                client, auth, #"{"albumId":"\#(album.id)","password":"correct horse","allowDownload":false}"#)
            #expect(link.hasPassword && link.photoCount == 1)
            let base = "/api/v1/links/\(link.slug)"
            try await client.execute(uri: base, method: .get) { (r: TestResponse) async throws in
                let info = try r.decode(LinkInfo.self)
                #expect(info.passwordRequired && info.photoCount == nil)
            }
            try await client.execute(uri: base + "/photos", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .unauthorized)
                #expect(try r.errorCode() == "password_required")
            }
            try await client.execute(uri: base + "/session", method: .post, body: json(#"{"password":"wrong"}"#)) {
                (r: TestResponse) async throws in #expect(try r.errorCode() == "wrong_password")
            }
            let cookie = try await client.execute(
                uri: base + "/session", method: .post, body: json(#"{"password":"correct horse"}"#)
            ) { (r: TestResponse) async throws in
                let set = try #require(r.headers[.setCookie])
                #expect(set.contains("HttpOnly") && set.contains("SameSite=Lax"))
                return String(set.split(separator: ";")[0])
            }
            let page = try await client.execute(uri: base + "/photos", method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in try r.decode(PhotoPage.self)
            }
            #expect(page.items.map(\.id) == [fixture.ids[0]])
            try await client.execute(uri: page.items[0].original.url, method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in #expect(r.status == .notFound, "no downloads on this link")
            }
            try await client.execute(uri: page.items[0].preview.url, method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in #expect(r.status == .ok)
            }
            try await client.execute(
                uri: "/api/v1/links/\(link.slug)", method: .patch, headers: auth, body: json(#"{"password":"new one"}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            try await client.execute(uri: base + "/photos", method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in #expect(r.status == .unauthorized, "a new password ends old visits")
            }
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<6 {
                try await client.execute(uri: base + "/session", method: .post, body: json(#"{"password":"guess"}"#)) {
                    (r: TestResponse) async throws in statuses.append(r.status)
                }
            }
            #expect(statuses.suffix(2) == [.tooManyRequests, .tooManyRequests], "\(statuses)")
            try await client.execute(uri: base + "/session", method: .post, body: json(#"{"password":"new one"}"#)) {
                (r: TestResponse) async throws in
                #expect(r.status == .tooManyRequests, "a throttled guesser learns nothing, even when right")
            }
        }
    }

    /// Guesses sent at once are each counted before their password is checked: no more than the limit are
    /// answered, however many arrive together (a check alone lets all of them through before any fails).
    @Test func guessesSentAtOnceGetNoMoreAnswersThanTheLimit() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        try await fixture.makeApp(access: Self.privateServer).test(.router) { client in
            let link = try await create(
                client, auth, #"{"photos":{"ids":["\#(fixture.ids[0])"]},"password":"correct horse"}"#)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for n in 0..<24 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/v1/links/\(link.slug)/session", method: .post,
                            body: self.json(#"{"password":"guess \#(n)"}"#)
                        ) { (r: TestResponse) async throws in r.status }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let answered = statuses.filter { $0 == .unauthorized }.count
            #expect(answered <= 4 && answered > 0, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .unauthorized || $0 == .tooManyRequests }, "\(statuses)")
        }
        // The right password gives back its attempt: a family opening the link one after another is never held.
        let other = try await ServerFixture(photos: 1)
        let owner = try other.bearer()
        try await other.makeApp(access: Self.privateServer).test(.router) { client in
            let link = try await create(client, owner, #"{"photos":{"ids":["\#(other.ids[0])"]},"password":"pw"}"#)
            for _ in 0..<10 {
                try await client.execute(
                    uri: "/api/v1/links/\(link.slug)/session", method: .post, body: json(#"{"password":"pw"}"#)
                ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            }
        }
    }

    @Test func expiredDeletedAndMalformedLinksAreRefused() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let id = fixture.ids[0]
        try await fixture.makeApp().test(.router) { client in
            let old = try await create(
                client, auth, #"{"photos":{"ids":["\#(id)"]},"expiresAt":"2020-01-01T00:00:00Z"}"#)
            for path in ["", "/photos", "/timeline", "/photos/\(id)"] {
                try await client.execute(uri: "/api/v1/links/\(old.slug)\(path)", method: .get) {
                    (r: TestResponse) async throws in
                    #expect(r.status == .gone, "\(path)")
                    #expect(try r.errorCode() == "link_expired")
                }
            }
            try await client.execute(
                uri: "/api/v1/links/\(old.slug)", method: .patch, headers: auth, body: json(#"{"expiresAt":null}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(ShareLink.self).expiresAt == nil) }
            try await client.execute(uri: "/api/v1/links/\(old.slug)/photos", method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .ok, "extended again")
            }
            for (body, status) in [
                (#"{}"#, HTTPResponse.Status.badRequest),
                (#"{"albumId":"\#(PhotoID.make())"}"#, .notFound),
                (#"{"photos":{"ids":["\#(id)"]},"albumId":"\#(id)"}"#, .badRequest),
                (#"{"photos":{"ids":["\#(id)"]},"expiresAt":"tomorrow"}"#, .badRequest),
                (#"{"photos":{"ids":["\#(id)"]},"password":""}"#, .badRequest),
            ] {
                try await client.execute(uri: "/api/v1/links", method: .post, headers: auth, body: json(body)) {
                    (r: TestResponse) async throws in #expect(r.status == status, "\(body)")
                }
            }
            try await client.execute(uri: "/api/v1/links", method: .post, body: json(#"{"photos":{"ids":["\#(id)"]}}"#))
            {
                (r: TestResponse) async throws in #expect(r.status == .unauthorized, "only the owner makes links")
            }
        }
    }
}
