import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer
@testable import WebPackaging

/// The web client's files: versioned, immutable URLs for everything but the revalidated index page.
@Suite struct WebRouteTests {
    let web = TemporaryDirectory("web")

    init() throws {
        _ = web.write(Array(#"<script type="module" src="{{static}}/app.js"></script>"#.utf8), to: "index.html")
        _ = web.write(Array("import './lib/util.js';\n".utf8), to: "app.js")
        try FileManager.default.createDirectory(atPath: web.file("lib"), withIntermediateDirectories: true)
        _ = web.write(Array("export const x = 1;\n".utf8), to: "lib/util.js")
        _ = web.write([0, 97, 115, 109], to: "engine.wasm")
    }

    func version(_ client: some TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(decoding: response.bytes, as: UTF8.self)
            let match = try #require(html.firstRange(of: /\/static\/([0-9a-f]{12})\/app\.js/))
            return String(html[match].dropFirst(8).prefix(12))
        }
    }

    @Test func indexPointsAtVersionedImmutableFiles() async throws {
        let fixture = try await ServerFixture(photos: 0)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let version = try await version(client)
            for (path, type) in [
                ("app.js", "text/javascript; charset=utf-8"), ("lib/util.js", "text/javascript; charset=utf-8"),
                ("engine.wasm", "application/wasm"),
            ] {
                try await client.execute(uri: "/static/\(version)/\(path)", method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == type)
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    let minified = WebMinifier.minify(web.read(path), path: path)
                    #expect(response.bytes == (path.hasSuffix(".js") ? WebMinifier.joined(minified) : minified))
                }
            }
        }
    }

    @Test func deepLinksServeTheIndexAndTheIndexRevalidates() async throws {
        let fixture = try await ServerFixture(photos: 0)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let etag = try await client.execute(uri: "/p/AAAAAAAAAAAA", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(decoding: response.bytes, as: UTF8.self).contains("/static/"))
                return response.headers[.eTag]
            }
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) {
                #expect($0.status == .notModified)
            }
        }
    }

    @Test func changingAnyFileChangesTheVersion() async throws {
        let before = try #require(try WebAssets(root: web.path)).version
        _ = web.write(Array("export const x = 2;".utf8), to: "lib/util.js")
        let after = try #require(try WebAssets(root: web.path)).version
        #expect(before != after)
    }

    @Test(arguments: [
        "/static/000000000000/app.js", "/static/VERSION/../index.html", "/static/VERSION/missing.js",
        "/static/VERSION/..%2F..%2Fetc%2Fpasswd", "/static/VERSION/.hidden",
    ])
    func unknownOrStaleOrEscapingPathsAre404(_ template: String) async throws {
        _ = web.write([1], to: ".hidden")
        let fixture = try await ServerFixture(photos: 0)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let version = try await version(client)
            let uri = template.replacingOccurrences(of: "VERSION", with: version)
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }
}
