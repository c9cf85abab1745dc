import Access
import Catalog
import Compat
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ServerTestSupport
import Synchronization
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Sessions (random, revocable, `Secure` when they should be), throttled failed credentials, and the
/// headers every response carries.
@Suite struct SessionAndHeaderTests {
    static func signIn(
        _ client: some TestClientProtocol, _ auth: HTTPFields, extra: HTTPFields = [:]
    ) async throws
        -> (cookie: String, setCookie: String)
    {
        var headers = auth
        for field in extra { headers.append(field) }
        return try await client.execute(uri: "/api/v1/session", method: .post, headers: headers) {
            (response: TestResponse) async throws in
            #expect(response.status == .ok)
            let setCookie = try #require(response.headers[.setCookie])
            return (String(setCookie.split(separator: ";")[0]), setCookie)
        }
    }

    @Test func eachSignInIsItsOwnRevocableSession() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            let first = try await Self.signIn(client, auth).cookie
            let second = try await Self.signIn(client, auth).cookie
            #expect(first != second, "a random id per sign-in")
            let rows = try await fixture.library.catalog.sessions()
            #expect(rows.count == 2)
            for row in rows {
                #expect(!first.contains(row.digest) && !second.contains(row.digest), "only digests are stored")
            }
            for cookie in [first, second] {
                try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: cookie]) {
                    (r: TestResponse) async throws in #expect(r.status == .ok)
                }
            }
            try await client.execute(uri: "/api/v1/session", method: .delete, headers: [.cookie: first]) {
                (r: TestResponse) async throws in
                #expect(r.status == .noContent)
                #expect(r.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: first]) {
                (r: TestResponse) async throws in
                #expect(r.status == .unauthorized, "signing out ends the session on the server")
                #expect(r.headers[.setCookie]?.contains("Max-Age=0") == true, "and tells the browser to drop it")
            }
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: second]) {
                (r: TestResponse) async throws in #expect(r.status == .ok, "the other session goes on")
            }
        }
    }

    @Test func cookiesAreSecureBehindHTTPS() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let proto: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https"]
        try await fixture.makeApp().test(.router) { client in
            let plain = try await Self.signIn(client, auth).setCookie
            #expect(!plain.contains("Secure"))
            let forwarded = try await Self.signIn(client, auth, extra: proto).setCookie
            #expect(!forwarded.contains("Secure"), "an untrusted proxy header changes nothing")
        }
        try await fixture.makeApp(access: AccessConfiguration(trustsProxy: true)).test(.router) { client in
            let forwarded = try await Self.signIn(client, auth, extra: proto).setCookie
            #expect(forwarded.contains("Secure"))
            let plain = try await Self.signIn(client, auth).setCookie
            #expect(!plain.contains("Secure"))
        }
        try await fixture.makeApp(access: AccessConfiguration(securesCookies: true)).test(.router) { client in
            let plain = try await Self.signIn(client, auth).setCookie
            #expect(plain.contains("Secure"))
        }
        // A link's visitor's cookie as well, behind the same trusted proxy.
        try await fixture.makeApp(access: AccessConfiguration(trustsProxy: true)).test(.router) { client in
            let slug = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"photos":{"ids":["\#(fixture.ids[0])"]},"password":"pw"}"#)
            ) { (r: TestResponse) async throws in try r.decode(ShareLink.self).slug }
            var headers = proto
            headers[.contentType] = "application/json"
            try await client.execute(
                uri: "/api/v1/links/\(slug)/session", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"password":"pw"}"#)
            ) { (r: TestResponse) async throws in #expect(r.headers[.setCookie]?.contains("Secure") == true) }
        }
    }

    @Test func failedTokensAreThrottledAndLogged() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let logs = LogCapture()
        let router = try VitrineServer.makeRouter(
            library: fixture.library, webRoot: nil, routes: [CompatRoutes(CompatConfiguration())])
        let app = Application(router: router, logger: Logger(label: "test") { _ in logs })
        try await app.test(.router) { client in
            for attempt in 1...10 {
                try await client.execute(
                    uri: "/api/v1/photos/\(fixture.ids[0])", method: .delete,
                    headers: [.authorization: "Bearer guess\(attempt)"]
                ) { (r: TestResponse) async throws in #expect(r.status == .unauthorized) }
            }
            #expect(logs.lines.filter { $0.contains("authentication failed") }.count == 10, "\(logs.lines)")
            for headers in [[.authorization: "Bearer guess11"], auth] as [HTTPFields] {
                try await client.execute(uri: "/api/v1/photos/\(fixture.ids[0])", method: .delete, headers: headers) {
                    (r: TestResponse) async throws in
                    #expect(r.status == .tooManyRequests, "even the right token waits: a guesser learns nothing")
                    #expect(Int(r.headers[.retryAfter] ?? "") ?? 0 >= 1)
                }
            }
            try await client.execute(uri: "/api/v1/session", method: .get, headers: auth) {
                (r: TestResponse) async throws in #expect(r.status == .tooManyRequests)
            }
            try await client.execute(uri: "/api/v1/photos", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .ok, "requests without credentials are not held")
            }
        }
        #expect(try await fixture.library.catalog.photo(id: fixture.ids[0]) != nil)
    }

    @Test func unknownAPIKeysAreThrottledAndLogged() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let logs = LogCapture()
        let router = try VitrineServer.makeRouter(
            library: fixture.library, webRoot: nil, routes: [CompatRoutes(CompatConfiguration())])
        let app = Application(router: router, logger: Logger(label: "test") { _ in logs })
        try await app.test(.router) { client in
            for attempt in 1...10 {
                try await client.execute(uri: "/api/?key=12345678-\(attempt)", method: .get) { response in
                    #expect(response.status == .badRequest)
                }
            }
            #expect(logs.lines.filter { $0.contains("api key") }.count == 10, "\(logs.lines)")
            try await client.execute(uri: "/api/?key=12345678-11", method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
            }
            try await client.execute(uri: "/api/?q=x", method: .get) { response in
                #expect(response.status == .badRequest, "no key is no attempt: the usual error")
            }
        }
    }

    @Test func aStaleCookieCountsOnceButGuessedOnesAreThrottled() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            let stale = "vitrine_session=" + SessionStore.prefix + String(repeating: "A", count: 43)
            for _ in 0..<30 {
                try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: stale]) {
                    (r: TestResponse) async throws in #expect(r.status == .unauthorized)
                }
            }
            for guess in 0..<9 {
                try await client.execute(
                    uri: "/api/v1/photos", method: .get, headers: [.cookie: "vitrine_session=guess\(guess)"]
                ) { (r: TestResponse) async throws in #expect(r.status == .unauthorized) }
            }
            try await client.execute(uri: "/api/v1/photos", method: .get, headers: [.cookie: "vitrine_session=x"]) {
                (r: TestResponse) async throws in #expect(r.status == .tooManyRequests)
            }
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let web = TemporaryDirectory("web-headers")
        _ = web.write(Array("<html><head></head><body>{{first-tiles}}</body></html>".utf8), to: "index.html")
        _ = web.write(Array("export {};\n".utf8), to: "app.js")
        let detail = try #require(try await fixture.library.catalog.photo(id: fixture.ids[0]))
        let thumb = AssetURLs().url(detail.variants[.thumbJPEG])
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            for uri in ["/", "/p/\(fixture.ids[0])", "/api/v1/photos", thumb, "/nowhere", "/healthz"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
                    let html = response.headers[.contentType]?.hasPrefix("text/html") == true
                    #expect(html == (uri == "/" || uri.hasPrefix("/p/")), "\(uri)")
                    let policy = response.headers[.contentSecurityPolicy]
                    #expect((policy != nil) == html, "\(uri)")
                    if html {
                        let directives = Set(
                            (policy ?? "").split(separator: ";").map {
                                $0.trimmingCharacters(in: .whitespaces)
                            })
                        #expect(directives.contains("default-src 'self'"))
                        #expect(directives.contains("frame-ancestors 'none'"))
                        #expect(directives.contains("script-src 'self' 'wasm-unsafe-eval'"), "no inline script")
                        #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                    }
                }
            }
        }
    }

    @Test func titlesAndTagsRefuseControlsAndCountBytes() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let uri = "/api/v1/photos/\(fixture.ids[0])"
        let manyMarks = "e" + String(repeating: "\u{301}", count: 600)
        let refused: [(String, String)] = [
            (#"{"title":"a\u0000b"}"#, "bad_title"), (#"{"title":"line\nbreak"}"#, "bad_title"),
            (#"{"title":"\u001b[31m"}"#, "bad_title"), (#"{"title":"\u0085"}"#, "bad_title"),
            (#"{"title":"\#(String(repeating: "é", count: 501))"}"#, "bad_title"),
            (#"{"title":"\#(manyMarks)"}"#, "bad_title"),
            (#"{"tags":["a\u0000"]}"#, "bad_tag"), (#"{"tags":["\#(String(repeating: "ü", count: 51))"]}"#, "bad_tag"),
            (#"{"tags":[\#((0...100).map { "\"t\($0)\"" }.joined(separator: ","))]}"#, "bad_tag"),
        ]
        try await fixture.makeApp().test(.router) { client in
            for (body, code) in refused {
                try await client.execute(uri: uri, method: .patch, headers: auth, body: ByteBuffer(string: body)) {
                    (r: TestResponse) async throws in
                    #expect(r.status == .badRequest, "\(body.prefix(40))")
                    #expect(try r.errorCode() == code, "\(body.prefix(40))")
                }
            }
            let accented = String(repeating: "é", count: 500)
            try await client.execute(
                uri: uri, method: .patch, headers: auth, body: ByteBuffer(string: #"{"title":"\#(accented)"}"#)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .ok)
                #expect(try r.decode(PhotoDetail.self).title == accented, "1000 bytes, stored whole")
            }
        }
    }
}

/// Keeps what a logger writes, for tests that check a failure was logged.
final class LogCapture: LogHandler, Sendable {
    private let kept = Mutex<[String]>([])
    var lines: [String] { kept.withLock { $0 } }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        kept.withLock { $0.append("\(event.message) \(metadata)") }
    }
}
