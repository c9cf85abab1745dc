import Access
import Catalog
import CatalogSQLite
import Compat
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// What servers sharing one catalog share: the admin token (its digest in the catalog), sessions and the
/// failed-credential windows; and a catalog that cannot be reached answers 503 with `Retry-After`.
@Suite struct SharedStateTests {
    /// A second server over the fixture's library: its own connection to the same catalog file.
    static func secondServer(
        _ fixture: ServerFixture, access: AccessConfiguration = AccessConfiguration()
    ) throws
        -> some ApplicationProtocol
    {
        let catalog = try SQLiteCatalog(path: fixture.data.path + "/catalog.sqlite")
        let library = Library(directory: fixture.library.directory, catalog: catalog, blobs: fixture.library.blobs)
        return Application(
            router: try VitrineServer.makeRouter(
                library: library, webRoot: nil, access: access, routes: [CompatRoutes(CompatConfiguration())]))
    }

    static func status(
        _ client: any TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields,
        body: String? = nil
    ) async throws -> HTTPResponse.Status {
        try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        {
            $0.status
        }
    }

    @Test func aRotationThroughAnotherConnectionAppliesAtTheNextRequest() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let old = try fixture.adminToken()
        let elsewhere = TemporaryDirectory("other-server")
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            let cookie = try await SessionAndHeaderTests.signIn(client, [.authorization: "Bearer \(old)"]).cookie
            #expect(try await Self.status(client, "/api/v1/photos", headers: [.cookie: cookie]) == .ok)
            // Another server (its own data folder, its own connection) rotates the token.
            let other = try SQLiteCatalog(path: fixture.data.path + "/catalog.sqlite")
            let new = try await AdminToken(directory: elsewhere.path).rotate(in: other)
            #expect(try AdminToken(directory: elsewhere.path).current() == new, "the rotating side keeps its copy")
            #expect(try fixture.adminToken() == old, "this server's file is untouched")
            #expect(
                try await Self.status(client, "/api/v1/photos", headers: [.authorization: "Bearer \(old)"])
                    == .unauthorized, "the file's token is only a copy: the catalog's digest decides")
            #expect(
                try await Self.status(client, "/api/v1/photos", headers: [.cookie: cookie]) == .unauthorized,
                "sessions ended with the rotation")
            #expect(try await Self.status(client, "/api/v1/photos", headers: [.authorization: "Bearer \(new)"]) == .ok)
        }
    }

    @Test func vitrineTokenRotateReachesARunningServer() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let old = try fixture.adminToken()
        try await fixture.makeApp().test(.router) { client in
            let uri = "/api/v1/photos/\(fixture.ids[0])"
            let rename = #"{"title":"Renamed"}"#
            #expect(
                try await Self.status(client, uri, .patch, headers: [.authorization: "Bearer \(old)"], body: rename)
                    == .ok)
            let (status, output) = try VitrineProcess.run(["token", "rotate", "--data", fixture.data.path])
            #expect(status == 0, "\(output)")
            let new = try #require(output.split(separator: "\n").last.map(String.init))
            #expect(new.hasPrefix("vt_") && new != old)
            #expect(try fixture.adminToken() == new, "the operator's copy is rewritten")
            #expect(
                try await Self.status(client, uri, .patch, headers: [.authorization: "Bearer \(old)"], body: rename)
                    == .unauthorized)
            #expect(
                try await Self.status(client, uri, .patch, headers: [.authorization: "Bearer \(new)"], body: rename)
                    == .ok)
        }
    }

    @Test func anExistingLibraryKeepsItsTokenAndSessions() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let token = try fixture.adminToken()
        try await fixture.library.catalog.insertSession(
            SessionRecord(digest: "s", tokenDigest: AdminToken.digest(token), createdAt: 1, expiresAt: .max))
        let admin = AdminToken(directory: fixture.library.directory)
        #expect(try await admin.establish(in: fixture.library.catalog) == .adopted)
        #expect(try await admin.establish(in: fixture.library.catalog) == .existing(fileMatches: true))
        #expect(try await fixture.library.catalog.adminTokenDigest() == AdminToken.digest(token))
        #expect(try await fixture.library.catalog.sessions().count == 1)
    }

    @Test func failedCredentialsCountAcrossServers() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let uri = "/api/v1/photos/\(fixture.ids[0])"
        try await fixture.makeApp().test(.router) { a in
            try await Self.secondServer(fixture).test(.router) { b in
                for attempt in 0..<10 {
                    let server = attempt.isMultiple(of: 2) ? a : b
                    let status = try await Self.status(
                        server, uri, .delete, headers: [.authorization: "Bearer guess\(attempt)"])
                    #expect(status == .unauthorized)
                }
                for server in [a, b] {
                    try await server.execute(uri: uri, method: .delete, headers: auth) { r in
                        #expect(r.status == .tooManyRequests, "five guesses on each server are ten in all")
                        #expect(Int(r.headers[.retryAfter] ?? "") ?? 0 >= 1)
                    }
                }
            }
        }
        #expect(try await fixture.library.catalog.photo(id: fixture.ids[0]) != nil)
    }

    @Test func aStaleCookieCountsOnceAcrossServers() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let stale = "vitrine_session=" + SessionStore.prefix + String(repeating: "B", count: 43)
        let access = AccessConfiguration(isPrivate: true)
        try await fixture.makeApp(access: access).test(.router) { a in
            try await Self.secondServer(fixture, access: access).test(.router) { b in
                for n in 0..<20 {
                    let status = try await Self.status(
                        n.isMultiple(of: 2) ? a : b, "/api/v1/photos", headers: [.cookie: stale])
                    #expect(status == .unauthorized)
                }
                for guess in 0..<9 {
                    let status = try await Self.status(
                        b, "/api/v1/photos", headers: [.cookie: "vitrine_session=g\(guess)"])
                    #expect(status == .unauthorized, "the stale cookie counted once, on either server")
                }
                #expect(
                    try await Self.status(a, "/api/v1/photos", headers: [.cookie: "vitrine_session=x"])
                        == .tooManyRequests)
            }
        }
    }

    /// A real outage of a real catalog: another connection holds SQLite's write lock past the busy timeout.
    @Test func aLockedCatalogAnswers503WithRetryAfterThenRecovers() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        _ = try await AdminToken(directory: fixture.library.directory).establish(in: fixture.library.catalog)
        let uri = "/api/v1/photos/\(fixture.ids[0])"
        let locker = try DatabaseQueue(path: fixture.data.path + "/catalog.sqlite")
        try await fixture.makeApp().test(.router) { client in
            // Held on a thread of its own (it blocks), as another process would hold it.
            let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            Thread {
                try? locker.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        held.signal()
                        release.wait()
                        return .rollback
                    }
                }
                held.signal()
            }.start()
            held.wait()
            let lockedOut = try await client.execute(
                uri: uri, method: .patch, headers: auth, body: ByteBuffer(string: #"{"title":"During"}"#)
            ) { r in
                (r.status, r.headers[.retryAfter], try r.errorCode(), try r.errorMessage())
            }
            // Signing out revokes the session in the catalog: an outage is a documented 503, not a 500.
            let signOut = try await client.execute(
                uri: "/api/v1/session", method: .delete,
                headers: [.cookie: "vitrine_session=vs1_" + String(repeating: "A", count: 43)]
            ) { r in r.status }
            release.signal()
            #expect(signOut == .serviceUnavailable)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let signOutResponses = try #require(
                (paths["/api/v1/session"]?["delete"] as? [String: Any])?["responses"] as? [String: Any])
            #expect(signOutResponses["503"] != nil, "the document lists what the route answers")
            #expect(lockedOut.0 == .serviceUnavailable)
            #expect(lockedOut.1 == String(APIError.unavailableRetryAfterSeconds))
            #expect(lockedOut.2 == "unavailable")
            #expect(lockedOut.3.contains("try again"), "\(lockedOut.3)")
            #expect(!lockedOut.3.contains("SQLite"), "the detail stays in the log")
            #expect(
                try await fixture.library.catalog.photo(id: fixture.ids[0])?.photo.title != "During", "nothing written")
            try await client.execute(
                uri: uri, method: .patch, headers: auth, body: ByteBuffer(string: #"{"title":"After"}"#)
            ) { r in #expect(r.status == .ok, "no restart needed") }
        }
    }
}
