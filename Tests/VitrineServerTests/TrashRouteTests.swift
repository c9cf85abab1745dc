import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The trash through the router: a delete moves a photo there, out of every public read; the admin lists,
/// restores and empties it; its files are reachable only by whoever signed in.
@Suite struct TrashRouteTests {
    @Test func aDeletedPhotoWaitsInTheTrashAndComesBack() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let (gone, kept) = (fixture.ids[0], fixture.ids[1])
        let thumb = try #require(try await fixture.library.catalog.photo(id: gone)?.variants[.thumbJPEG])
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/api/v1/photos/\(gone)", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .noContent)
            }
            try await client.execute(uri: "/assets/\(thumb.blobKey.hex).jpg", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .notFound, "a trashed photo's public URLs are gone")
            }
            let list = try await client.execute(uri: "/api/v1/trash", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok && r.headers[.cacheControl] == "no-store")
                return try r.decode(TrashList.self)
            }
            #expect(list.total == 1 && list.days == 30 && list.items.map(\.id) == [gone])
            let item = try #require(list.items.first)
            #expect(item.thumb == "/api/v1/trash/\(gone)/thumb")
            try await client.execute(uri: item.thumb, method: .get, headers: auth) { (r: TestResponse) async throws in
                #expect(r.status == .ok && r.headers[.contentType] == "image/jpeg")
                #expect(Array(r.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            }
            for path in [item.thumb, item.original, "/api/v1/trash/\(kept)/thumb"] {
                try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                    #expect(r.status == .unauthorized, "\(path) without signing in")
                }
            }
            try await client.execute(uri: "/api/v1/trash/\(kept)/thumb", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .notFound, "a live photo is not in the trash")
            }
            try await client.execute(uri: "/api/v1/trash/\(gone)/exif", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .notFound)
            }

            let body = ByteBuffer(string: #"{"ids":["\#(gone)","\#(kept)"]}"#)
            try await client.execute(uri: "/api/v1/trash/restore", method: .post, headers: auth, body: body) {
                (r: TestResponse) async throws in
                #expect(try r.decode(RestoreResult.self) == RestoreResult(restored: [gone], missing: [kept]))
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { (r: TestResponse) async throws in
                #expect(Set(try r.decode(PhotoPage.self).items.map(\.id)) == [gone, kept])
            }
            try await client.execute(uri: "/assets/\(thumb.blobKey.hex).jpg", method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .ok)
            }
        }
    }

    @Test func emptyingTheTrashDeletesItsFilesForGood() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let gone = fixture.ids[0]
        let keys = try #require(try await fixture.library.catalog.photo(id: gone)).variants.values.map(\.blobKey)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/api/v1/photos/\(gone)", method: .delete, headers: auth) { _ in }
            #expect(Set(try await fixture.library.blobs.allKeys()).isSuperset(of: keys))
            try await client.execute(uri: "/api/v1/trash", method: .delete, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .noContent)
            }
            #expect(Set(try await fixture.library.blobs.allKeys()).isDisjoint(with: keys))
            try await client.execute(uri: "/api/v1/trash", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(try r.decode(TrashList.self).total == 0)
            }
            let body = ByteBuffer(string: #"{"ids":["\#(gone)"]}"#)
            try await client.execute(uri: "/api/v1/trash/restore", method: .post, headers: auth, body: body) {
                (r: TestResponse) async throws in
                #expect(try r.decode(RestoreResult.self).missing == [gone], "a purged photo cannot come back")
            }
        }
    }

    /// A session cookie reads the trash's files but never changes the trash: a cross-site form or fetch
    /// carries the cookie, never the bearer token.
    @Test func theTrashNeedsTheAdminTokenNotACookie() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let id = fixture.ids[0]
        try await fixture.makeApp().test(.router) { client in
            let cookie = try await SessionAndHeaderTests.signIn(client, auth).cookie
            try await client.execute(uri: "/api/v1/photos/\(id)", method: .delete, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in #expect(r.status == .unauthorized)
            }
            try await client.execute(uri: "/api/v1/photos/\(id)", method: .delete, headers: auth) { _ in }
            let body = ByteBuffer(string: #"{"ids":["\#(id)"]}"#)
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/v1/trash"), (.post, "/api/v1/trash/restore"), (.delete, "/api/v1/trash"),
            ] {
                for headers: HTTPFields in [[:], [.cookie: cookie, .origin: "https://evil.example"]] {
                    try await client.execute(uri: path, method: method, headers: headers, body: body) {
                        (r: TestResponse) async throws in
                        #expect(r.status == .unauthorized, "\(method) \(path) \(headers)")
                    }
                }
            }
            try await client.execute(uri: "/api/v1/trash/\(id)/thumb", method: .get, headers: [.cookie: cookie]) {
                (r: TestResponse) async throws in #expect(r.status == .ok, "a signed-in browser shows trashed thumbs")
            }
            try await client.execute(uri: "/api/v1/trash", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(try r.decode(TrashList.self).total == 1, "nothing changed")
            }
        }
    }

    @Test func badRequestsAreRefusedWithTheirReason() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        try await fixture.makeApp().test(.router) { client in
            let tooMany = "[" + Array(repeating: #""abcdefghijkl""#, count: 10_001).joined(separator: ",") + "]"
            for (body, code) in [
                ("", "bad_json"), (#"{"ids":[]}"#, "bad_ids"), (#"{"ids":["../../etc"]}"#, "bad_ids"),
                (#"{"ids":"abc"}"#, "bad_json"), (#"{"ids":\#(tooMany)}"#, "bad_ids"),
                (String(repeating: " ", count: 1 << 21), "too_large"),
            ] {
                try await client.execute(
                    uri: "/api/v1/trash/restore", method: .post, headers: auth, body: ByteBuffer(string: body)
                ) { (r: TestResponse) async throws in
                    #expect(try r.errorCode() == code, "\(body.prefix(40))")
                    #expect(r.status == (code == "too_large" ? .contentTooLarge : .badRequest))
                }
            }
            for query in ["limit=0", "limit=201", "cursor=nope"] {
                try await client.execute(uri: "/api/v1/trash?\(query)", method: .get, headers: auth) {
                    (r: TestResponse) async throws in #expect(r.status == .badRequest, "\(query)")
                }
            }
            try await client.execute(uri: "/api/v1/trash/not-an-id!/thumb", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .badRequest)
            }
        }
    }
}
