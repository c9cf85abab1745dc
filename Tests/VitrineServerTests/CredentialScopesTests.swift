import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// API keys guessed from an address count apart from the owner's and visitors' credentials: an image on a
/// page elsewhere can make any browser send `/api/?key=…`, which would otherwise lock its owner out.
@Suite struct CredentialScopesTests {
    @Test func guessedAPIKeysDoNotLockTheOwnerOut() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        try await fixture.makeLimitedApp(ServerResources(Limits())).test(.router) { client in
            var last = HTTPResponse.Status.ok
            for guess in 0..<12 {
                last = try await client.execute(
                    uri: "/api/?key=guess\(guess)", method: .get,
                    headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
                ) { (r: TestResponse) async throws in r.status }
            }
            #expect(last == .tooManyRequests, "the guesser is throttled")
            try await client.execute(
                uri: "/api/v1/photos/\(fixture.ids[0])", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"title":"Still mine"}"#)
            ) { (r: TestResponse) async throws in #expect(r.status == .ok, "the owner is not") }
        }
    }

    /// A page elsewhere cannot open change-feed streams in its visitors' browsers, which would take the
    /// places their address has and shut the gallery's own stream out; the gallery's page (same origin) can.
    @Test func theChangeFeedRefusesAStreamAnotherSiteOpens() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeLimitedApp(ServerResources(Limits())).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/events", method: .get, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            ) { (r: TestResponse) async throws in
                #expect(r.status == .forbidden)
                #expect(try r.errorCode() == "cross_site")
            }
        }
    }
}
