import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The index page carries the first page of photos and preloads their thumbnails, safely.
@Suite struct FirstScreenTests {
    let web = TemporaryDirectory("web-first")

    init() {
        _ = web.write(Array("<head>{{first-screen}}</head><body></body>\n".utf8), to: "index.html")
        _ = web.write(Array("export {};\n".utf8), to: "app.js")
    }

    static func inlinePage(_ html: String) throws -> PhotoPage? {
        guard let start = html.range(of: #"<script id="first-page" type="application/json">"#),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return try JSONDecoder().decode(PhotoPage.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func indexInlinesTheFirstPageAndPreloadsItsThumbnails() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) {
                String(decoding: $0.bytes, as: UTF8.self)
            }
            let page = try #require(try Self.inlinePage(html))
            let api = try await client.execute(uri: "/api/v1/photos?limit=100", method: .get) {
                try JSONDecoder().decode(PhotoPage.self, from: Data($0.bytes))
            }
            #expect(page == api)
            #expect(page.items.count == 3)
            for item in page.items {
                #expect(html.contains(#"<link rel="preload" as="image" href="\#(item.thumb.url)">"#))
            }
            #expect(!html.contains("{{first-screen}}"))
        }
    }

    @Test func hostileTitlesCannotCloseTheScript() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let hostile = "</script><img src=x onerror=alert(1)> & \u{2028} end"
        _ = try fixture.library.catalog.update(id: fixture.ids[0], .init(title: .some(hostile)))
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) {
                String(decoding: $0.bytes, as: UTF8.self)
            }
            #expect(!html.contains("<img"))
            #expect(html.components(separatedBy: "</script>").count == 2)
            let page = try #require(try Self.inlinePage(html))
            #expect(page.items.first?.title == hostile)
        }
    }

    @Test func theIndexTagFollowsTheCatalog() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let etag = try await client.execute(uri: "/", method: .get) { $0.headers[.eTag] }
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) {
                #expect($0.status == .notModified)
            }
            _ = try fixture.library.catalog.update(id: fixture.ids[0], .init(title: .some("Renamed")))
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) {
                #expect($0.status == .ok)
                #expect(String(decoding: $0.bytes, as: UTF8.self).contains("Renamed"))
            }
        }
    }

    @Test func privateServersInlineNothing() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: web.path, access: AccessConfiguration(isPrivate: true)).test(.router) {
            client in
            try await client.execute(uri: "/", method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let html = String(decoding: response.bytes, as: UTF8.self)
                #expect(try Self.inlinePage(html) == nil)
                #expect(!html.contains("preload"))
                #expect(!html.contains("{{first-screen}}"))
            }
        }
    }
}
