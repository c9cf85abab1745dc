import Access
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// Keys are made, listed and revoked by the admin (routes and CLI), and only live keys open `/api/`.
@Suite struct APIKeyRouteTests {
    @Test func adminRoutesCreateListAndRevoke() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let admin = try fixture.server.bearer()
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            for (method, uri) in [
                (HTTPRequest.Method.post, "/api/v1/keys"), (.get, "/api/v1/keys"), (.delete, "/api/v1/keys/1"),
            ] {
                try await client.execute(uri: uri, method: method, headers: [.authorization: "Bearer wrong"]) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .unauthorized, "\(method) \(uri)")
                }
            }
            let created = try await client.execute(
                uri: "/api/v1/keys", method: .post, headers: admin, body: ByteBuffer(string: #"{"label":"iPad app"}"#)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                return try response.decode(APIKeysController<BasicRequestContext>.Created.self)
            }
            #expect(created.key.wholeMatch(of: #/\d{8}-[0-9a-f]{32}/#) != nil)
            #expect(created.info.label == "iPad app" && created.info.hint == "…" + created.key.suffix(4))
            try await client.execute(uri: "/api/?key=\(created.key)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
            }
            let listed = try await client.execute(uri: "/api/v1/keys", method: .get, headers: admin) {
                (response: TestResponse) async throws in
                #expect(!response.text.contains(created.key), "a key is never shown again")
                return try response.decode(APIKeysController<BasicRequestContext>.KeyList.self).keys
            }
            #expect(listed.map(\.label) == ["tests", "iPad app"])
            try await client.execute(uri: "/api/v1/keys/\(created.info.id)", method: .delete, headers: admin) {
                (response: TestResponse) async throws in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/keys/\(created.info.id)", method: .delete, headers: admin) {
                (response: TestResponse) async throws in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/?key=\(created.key)", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.text == "[ERROR 400] Invalid or missing API key")
            }
            // Control characters, and labels over 100 bytes of UTF-8 however few Characters they are.
            let oneCharacter = "e" + String(repeating: "\\u0301", count: 60)
            for label in ["a\\u0007", String(repeating: "é", count: 51), oneCharacter] {
                try await client.execute(
                    uri: "/api/v1/keys", method: .post, headers: admin,
                    body: ByteBuffer(string: #"{"label":"\#(label)"}"#)
                ) { (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(label)")
                    #expect(try response.errorCode() == "bad_label")
                }
            }
            try await client.execute(
                uri: "/api/v1/keys", method: .post, headers: admin,
                body: ByteBuffer(string: #"{"label":"\#(String(repeating: "é", count: 50))"}"#)
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created, "50 two-byte Characters are 100 bytes")
            }
            try await client.execute(uri: "/api/v1/keys/abc", method: .delete, headers: admin) {
                (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func commandLineCreatesListsAndRevokes() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        func run(_ arguments: [String]) throws -> (Int32, String) {
            try VitrineProcess.run(arguments + ["--data", fixture.library.directory])
        }
        let (status, output) = try run(["key", "create", "--label", "cli"])
        #expect(status == 0, "\(output)")
        let key = try #require(output.split(separator: "\n").last.map(String.init))
        #expect(try await APIKeys(catalog: fixture.library.catalog).authenticate(key) != nil)
        let listed = try run(["key", "list"])
        #expect(listed.1.contains("\tlive\tcli") && listed.1.contains("\tlive\ttests"))
        #expect(!listed.1.contains(key))
        let id = try #require(try await fixture.library.catalog.apiKeys().last?.id)
        #expect(try run(["key", "revoke", "\(id)"]).0 == 0)
        #expect(try await APIKeys(catalog: fixture.library.catalog).authenticate(key) == nil)
        #expect(try run(["key", "revoke", "\(id)"]).0 != 0, "a revoked key cannot be revoked again")
    }
}

/// A `--private` server keeps the compatible APIs and their images behind the admin token too.
@Suite struct CompatPrivateTests {
    @Test func privateServersGuardCompatRoutes() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let id = fixture.ids[0]
        let admin = try fixture.server.bearer()
        let uris = [
            "/api/?key=\(fixture.key)", "/api/v1/photos/\(id)/sized/150.jpg", "/api/v1/photos/\(id)/download",
            "/parse/classes/Resource",
        ]
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) {
            (client: any TestClientProtocol) async throws in
            for uri in uris {
                try await client.execute(uri: uri, method: .get, headers: [.parseApplicationId: "toy-app"]) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .unauthorized, "\(uri)")
                }
                var headers = admin
                headers[.parseApplicationId] = "toy-app"
                try await client.execute(uri: uri, method: .get, headers: headers) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.cacheControl]?.contains("public") != true, "\(uri)")
                }
            }
        }
    }
}
