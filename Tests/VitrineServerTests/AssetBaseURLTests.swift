import Blobs
import Compat
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `--asset-base-url`: API items point straight at the blob store's public URL (`BASE/ab/cd/<sha256>`), thumbs
/// carry their JPEG sibling, and pages may load images from that origin.
@Suite struct AssetBaseURLTests {
    static let base = "https://cdn.example.com:8443/photos/lib"

    func makeApp(_ fixture: ServerFixture, webRoot: String? = nil) throws -> some ApplicationProtocol {
        Application(
            router: try VitrineServer.makeRouter(
                library: fixture.library, webRoot: webRoot, assets: try #require(AssetURLs(base: Self.base + "/")),
                routes: [CompatRoutes(CompatConfiguration())]))
    }

    /// The path under the base names a file whose bytes hash to that name: what a static server or bucket
    /// holding the store's layout answers.
    func expectServedByLayout(_ url: String, in fixture: ServerFixture) throws {
        #expect(url.hasPrefix(Self.base + "/"), "\(url)")
        let path = String(url.dropFirst(Self.base.count + 1))
        let parts = path.split(separator: "/")
        try #require(parts.count == 3)
        let hex = String(parts[2])
        #expect(parts[0] == hex.prefix(2) && parts[1] == hex.dropFirst(2).prefix(2))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.data.path + "/blobs/" + path))
        #expect(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() == hex)
    }

    @Test func pagesAndDetailsPointAtTheBaseWithTheJPEGSiblingOfTheThumb() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await makeApp(fixture).test(.router) { client in
            let page = try await client.execute(uri: "/api/v1/photos", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(page.items.count == 2)
            for item in page.items {
                for info in [item.thumb, item.preview, item.original] + (item.small.map { [$0] } ?? []) {
                    try expectServedByLayout(info.url, in: fixture)
                }
                let jpeg = try #require(item.thumb.jpegUrl)
                try expectServedByLayout(jpeg, in: fixture)
                #expect(jpeg != item.thumb.url)
                let stored = try #require(try await fixture.library.catalog.photo(id: item.id))
                #expect(jpeg.hasSuffix(try #require(stored.variants[.thumbJPEG]).blobKey.hex))
                #expect(item.thumb.url.hasSuffix(try #require(stored.variants[.thumbWebP]).blobKey.hex))
                #expect(item.preview.jpegUrl == nil && item.original.jpegUrl == nil)
            }
            let id = page.items[0].id
            let detail = try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) {
                try $0.decode(PhotoDetail.self)
            }
            try expectServedByLayout(detail.preview.url, in: fixture)
            #expect(detail.thumb.jpegUrl != nil)
        }
    }

    @Test func withoutABaseItemsUseAssetsAndCarryNoJPEGSibling() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let page = try await client.execute(uri: "/api/v1/photos", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(page.items[0].thumb.url.hasPrefix("/assets/"))
            #expect(page.items[0].thumb.jpegUrl == nil)
        }
    }

    @Test func thePagesAllowImagesFromTheBaseOriginAndTheFirstTilesUseIt() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let web = TemporaryDirectory("web-asset-base")
        _ = web.write(Array("<html><head></head><body>{{first-tiles}}</body></html>".utf8), to: "index.html")
        _ = web.write(Array("export {};\n".utf8), to: "app.js")
        try await makeApp(fixture, webRoot: web.path).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(directives.contains("img-src 'self' data: blob: https://cdn.example.com:8443"))
                #expect(directives.contains("connect-src 'self' https://cdn.example.com:8443"))
                #expect(directives.contains("media-src 'self' https://cdn.example.com:8443"), "clips play from it")
                let html = String(buffer: response.body)
                #expect(html.contains("src=\"\(Self.base)/"))
                #expect(!html.contains("/assets/"))
            }
        }
    }

    @Test func onlyAbsoluteHTTPURLsWithoutQueryFragmentOrCredentialsAreBases() {
        #expect(AssetURLs(base: "https://cdn.example.com")?.base == "https://cdn.example.com")
        #expect(
            AssetURLs(base: "http://127.0.0.1:9000/bucket/prefix///")?.base == "http://127.0.0.1:9000/bucket/prefix")
        #expect(AssetURLs(base: "http://127.0.0.1:9000/b")?.origin == "http://127.0.0.1:9000")
        for bad in [
            "", "/assets", "cdn.example.com/x", "ftp://cdn.example.com", "https://cdn.example.com/?a=1",
            "https://cdn.example.com/#x", "https://user:secret@cdn.example.com", "https://cdn.example.com/a b",
            "https://cdn.example.com/\"onerror=", "javascript:alert(1)", "https://",
            "https://cdn.example.com/" + String(repeating: "a", count: 3000),
        ] {
            #expect(AssetURLs(base: bad) == nil, "\(bad)")
        }
    }
}
