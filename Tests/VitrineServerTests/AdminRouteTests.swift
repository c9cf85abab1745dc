import Access
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Writes through the router: the token, edits, deletes and uploads, with the catalog and blobs checked after.
@Suite struct AdminRouteTests {
    static let writes: [(HTTPRequest.Method, String)] = [
        (.post, "/api/v1/photos"), (.patch, "/api/v1/photos/{id}"), (.delete, "/api/v1/photos/{id}"),
    ]

    @Test func everyWriteNeedsTheCurrentToken() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let id = fixture.ids[0]
        let old = try fixture.adminToken()
        try await fixture.makeApp().test(.router) { client in
            for (method, path) in Self.writes {
                let uri = path.replacingOccurrences(of: "{id}", with: id)
                for headers: HTTPFields in [
                    [:], [.authorization: "Bearer wrong"], [.authorization: "Basic \(old)"],
                    [.authorization: "Bearer"], [.cookie: "vitrine_session=\(old)"],
                ] {
                    try await client.execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: "{}"))
                    { (response: TestResponse) async throws in
                        #expect(response.status == .unauthorized, "\(method) \(uri) \(headers)")
                        #expect(try response.errorCode() == "unauthorized")
                        #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"vitrine\"")
                    }
                }
            }
            let new = try await AdminToken(directory: fixture.library.directory).rotate(in: fixture.library.catalog)
            #expect(new != old)
            for (method, path) in Self.writes {
                let uri = path.replacingOccurrences(of: "{id}", with: id)
                try await client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer \(old)"], body: ByteBuffer(string: "{}")
                ) { (response: TestResponse) async throws in
                    #expect(response.status == .unauthorized, "a rotated token no longer works: \(method) \(uri)")
                }
            }
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: [.authorization: "Bearer \(new)"],
                body: ByteBuffer(string: #"{"title":"Renamed"}"#)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoDetail.self).title == "Renamed")
            }
            try await client.execute(uri: "/api/v1/session", method: .get, headers: [.authorization: "Bearer \(new)"]) {
                (r: TestResponse) async throws in
                #expect(try r.decode(SessionInfo.self) == SessionInfo(private: false, admin: true))
            }
            try await client.execute(uri: "/api/v1/session", method: .get, headers: [.authorization: "Bearer \(old)"]) {
                (r: TestResponse) async throws in
                #expect(try r.decode(SessionInfo.self) == SessionInfo(private: false, admin: false))
            }
        }
    }

    @Test func aPrivateServerNeedsTheTokenOrItsCookieToRead() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let detail = try #require(try await fixture.library.catalog.photo(id: fixture.ids[0]))
        let thumb = AssetURLs().url(detail.variants[.thumbJPEG])
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            for uri in ["/api/v1/photos", "/api/v1/photos/\(fixture.ids[0])", "/api/v1/tags", "/api/v1/events", thumb] {
                try await client.execute(uri: uri, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .unauthorized, "\(uri)")
                }
            }
            try await client.execute(uri: "/api/v1/session", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(SessionInfo.self) == SessionInfo(private: true, admin: false))
            }
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .ok)
            }
            try await client.execute(uri: "/api/v1/session", method: .post) { (r: TestResponse) async throws in
                #expect(r.status == .unauthorized)
            }
            let cookie = try await client.execute(uri: "/api/v1/session", method: .post, headers: auth) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let setCookie = try #require(response.headers[.setCookie])
                #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
                #expect(!setCookie.contains(try fixture.adminToken()), "the cookie never carries the token")
                return String(setCookie.split(separator: ";")[0])
            }
            try await client.execute(uri: thumb, method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl]?.hasPrefix("private") == true, "not for shared caches")
            }
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
            }
            try await client.execute(
                uri: "/api/v1/photos/\(fixture.ids[0])", method: .delete, headers: [.cookie: cookie]
            ) { (r: TestResponse) async throws in #expect(r.status == .unauthorized, "the cookie only reads") }
            _ = try await AdminToken(directory: fixture.library.directory).rotate(in: fixture.library.catalog)
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in
                #expect(r.status == .unauthorized, "rotating the token ends sessions")
            }
        }
    }

    @Test func editingChangesTitleTagsAndSearch() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let id = fixture.ids[0]
        let hostile = "<img src=x onerror=alert(1)>"
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"title":"\#(hostile)","tags":["Crème brûlée"," Dessert ","dessert"]}"#)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let detail = try response.decode(PhotoDetail.self)
                #expect(detail.title == hostile, "stored as given; escaping is the renderer's job")
                #expect(detail.tags == ["Crème brûlée", "Dessert"])
            }
            try await client.execute(uri: "/api/v1/photos?q=creme", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(PhotoPage.self).items.map(\.id) == [id])
            }
            try await client.execute(uri: "/api/v1/tags", method: .get) { (response: TestResponse) async throws in
                let tags = try response.decode(TagList.self).tags
                #expect(tags.first { $0.name == "Dessert" }?.count == 1)
            }
            // The list is bounded: `limit` takes the most used first, and no answer holds more than its maximum.
            try await client.execute(uri: "/api/v1/tags?limit=1", method: .get) {
                (response: TestResponse) async throws in
                #expect(try response.decode(TagList.self).tags.count == 1)
            }
            for bad in ["0", "10001", "x"] {
                try await client.execute(uri: "/api/v1/tags?limit=\(bad)", method: .get) {
                    (response: TestResponse) async throws in #expect(try response.errorCode() == "bad_limit", "\(bad)")
                }
            }
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: auth, body: ByteBuffer(string: #"{"title":null}"#)
            ) { (response: TestResponse) async throws in
                let detail = try response.decode(PhotoDetail.self)
                #expect(detail.title == nil)
                #expect(detail.tags == ["Crème brûlée", "Dessert"], "a missing key leaves tags alone")
            }
            for body in ["", "[]", #"{"title":5}"#, #"{"tags":"x"}"#, "{", String(repeating: "x", count: 70_000)] {
                try await client.execute(
                    uri: "/api/v1/photos/\(id)", method: .patch, headers: auth, body: ByteBuffer(string: body)
                ) { (response: TestResponse) async throws in
                    #expect(response.status.code / 100 == 4, "\(body.prefix(20))")
                    #expect(
                        throws: Never.self, "\(body.prefix(20)): \(String(decoding: response.bytes, as: UTF8.self))"
                    ) {
                        try response.decode(APIErrorBody.self)
                    }
                }
            }
            let longTitle = String(repeating: "t", count: TextRules.maximumTitleBytes + 1)
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"title":"\#(longTitle)"}"#)
            ) { (r: TestResponse) async throws in #expect(try r.errorCode() == "bad_title") }
            try await client.execute(
                uri: "/api/v1/photos/AAAAAAAAAAAA", method: .patch, headers: auth, body: ByteBuffer(string: "{}")
            ) { (r: TestResponse) async throws in #expect(r.status == .notFound) }
            try await client.execute(uri: "/api/v1/photos/..%2F..", method: .patch, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .badRequest)
            }
        }
    }

    @Test func deletingRemovesThePhotoItsBlobsAndItsTags() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let (gone, kept) = (fixture.ids[0], fixture.ids[1])
        let goneKeys = try #require(try await fixture.library.catalog.photo(id: gone)).variants.values.map(\.blobKey)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos/\(gone)", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"tags":["Only here"]}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok) }
            try await client.execute(uri: "/api/v1/photos/\(gone)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/photos/\(gone)", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/photos/\(gone)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(PhotoPage.self).items.map(\.id) == [kept])
            }
            try await client.execute(uri: "/api/v1/tags", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(TagList.self).tags.allSatisfy { $0.name != "Only here" })
            }
            #expect(
                Set(try await fixture.library.blobs.allKeys()).isSuperset(of: goneKeys), "the trash keeps its files")
            try await client.execute(uri: "/api/v1/trash", method: .delete, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .noContent)
            }
        }
        let stored = Set(try await fixture.library.blobs.allKeys())
        #expect(stored.isDisjoint(with: goneKeys), "emptying the trash deletes them")
        #expect(stored == (try await fixture.library.catalog.referencedBlobKeys()))
    }
}
