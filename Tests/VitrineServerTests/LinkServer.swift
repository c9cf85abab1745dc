import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// A `--private` server with a web client whose page has every slot, on a real socket, and what the link
/// tests ask of it.
struct LinkServer {
    let fixture: ServerFixture
    let web = TemporaryDirectory("link-web")
    let auth: HTTPFields

    static let index = """
        <!doctype html><html lang="en" data-layout="{{layout}}"><head>{{head}}{{geometry}}</head>
        <body><main id="grid">{{first-tiles}}</main>{{first-screen}}</body></html>
        """

    init(photos: Int = 4) async throws {
        fixture = try await ServerFixture(photos: photos)
        auth = try fixture.bearer()
        _ = web.write(Array(Self.index.utf8), to: "index.html")
    }

    func app(
        access: AccessConfiguration = AccessConfiguration(isPrivate: true, failedAttemptLimit: 4),
        limits: Limits = Limits()
    ) throws -> some ApplicationProtocol {
        Application(
            router: try VitrineServer.makeRouter(
                library: fixture.library, webRoot: web.path, access: access, limits: limits))
    }

    func link(_ client: some TestClientProtocol, _ body: String) async throws -> ShareLink {
        try await client.execute(uri: "/api/v1/links", method: .post, headers: auth, body: ByteBuffer(string: body)) {
            (r: TestResponse) async throws in
            #expect(r.status == .created, "\(String(buffer: r.body))")
            return try r.decode(ShareLink.self)
        }
    }

    func album(_ client: some TestClientProtocol, _ title: String, ids: [String]) async throws -> Album {
        let body = try JSONEncoder().encode(AlbumChange(title: title, photos: Selection(ids: ids)))
        return try await client.execute(
            uri: "/api/v1/albums", method: .post, headers: auth, body: ByteBuffer(bytes: body)
        ) { (r: TestResponse) async throws in try r.decode(Album.self) }
    }

    /// `name=value` of the response's cookie.
    static func cookie(_ r: TestResponse) throws -> String {
        String(try #require(r.headers[.setCookie]).split(separator: ";")[0])
    }

    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
}

extension TestResponse {
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// What every link page carries: HTML, never indexed, under the pages' security headers.
    func expectLinkPageHeaders(_ sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(headers[.contentType] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("X-Robots-Tag")!] == "noindex, nofollow", sourceLocation: sourceLocation)
        #expect(
            headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, sourceLocation: sourceLocation)
        #expect(headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", sourceLocation: sourceLocation)
        #expect(text.contains(#"<meta name="robots" content="noindex, nofollow">"#), sourceLocation: sourceLocation)
    }
}
