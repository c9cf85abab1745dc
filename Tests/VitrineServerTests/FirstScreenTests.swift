import Catalog
import CatalogSQLite
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The index page carries the first page of photos and the first screen's tiles, safely.
@Suite struct FirstScreenTests {
    let web = TemporaryDirectory("web-first")

    init() {
        _ = web.write(
            Array(
                #"<html data-layout="{{layout}}"><head>{{first-screen}}</head><body><main data-grid>{{first-tiles}}</main></body>"#
                    .utf8),
            to: "index.html")
        _ = web.write(Array("export {};\n".utf8), to: "app.js")
    }

    static func inlinePage(_ html: String) throws -> FirstScreen.InlinePage? {
        guard let start = html.firstRange(of: #/<script id="first-page" type="application\/json">/#),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return try JSONDecoder().decode(
            FirstScreen.InlinePage.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    static func inlineTimeline(_ html: String) throws -> Timeline? {
        guard let start = html.firstRange(of: #/<script id="timeline" type="application\/json" data-seq="\d+">/#),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return try JSONDecoder().decode(Timeline.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    /// The server's tiles, in order: (href, data-photo-id, img src, srcset, alt).
    static func tiles(_ html: String) -> [(href: String, id: String, src: String, srcset: String, alt: String)] {
        let pattern =
            #/<a class="tile" href="([^"]*)" data-photo-id="([^"]*)"[^>]*><img src="([^"]*)"(?: srcset="([^"]*)" sizes="[^"]*")? alt="([^"]*)"/#
        return html.matches(of: pattern).map {
            (String($0.1), String($0.2), String($0.3), String($0.4 ?? ""), String($0.5))
        }
    }

    /// A part of the library (an album, the favourites, the albums) is the client reading the API: the
    /// library's first screen would show other photos.
    @Test(arguments: [
        "/favorites", "/favorites/p/AAAAAAAAAAAA", "/albums", "/trash", "/links", "/a/AAAAAAAAAAAA",
        "/a/AAAAAAAAAAAA/p/B",
    ])
    func partsOfTheLibraryServeTheClientWithoutTheFirstScreen(_ path: String) async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                let html = String(decoding: response.bytes, as: UTF8.self)
                #expect(response.status == .ok && html.contains("<main data-grid>"))
                let inline = try Self.inlinePage(html)
                #expect(Self.tiles(html).isEmpty && inline == nil && !html.contains("ssr"))
            }
            try await client.execute(uri: "/", method: .get) {
                #expect(Self.tiles(String(decoding: $0.bytes, as: UTF8.self)).count == 3)
            }
        }
    }

    /// Every photo in the inline page costs every first visit its preview's and original's URLs: the page
    /// holds the tiles' photos and no more, and its cursor leads on to the rest.
    @Test func variantSizesOutOfRangeMakeNoCandidatesAndNoTrap() {
        func item(small: (Int, Int), thumb: (Int, Int)) -> PhotoSummary {
            PhotoSummary(
                id: "a", width: 4, height: 3, title: "t", takenAt: "2020-01-01T00:00:00Z",
                placeholder: Placeholder(thumbHash: "", averageColor: "#000000"),
                thumb: VariantInfo(url: "/t", width: thumb.0, height: thumb.1),
                small: VariantInfo(url: "/s", width: small.0, height: small.1),
                preview: VariantInfo(url: "/p", width: 1, height: 1),
                original: VariantInfo(url: "/o", width: 1, height: 1))
        }
        #expect(FirstScreen.sources(item(small: (272, 204), thumb: (533, 400))).contains("/s 272w, /t 533w"))
        // A row may hold any number: sizes whose 4:3 arithmetic overflows saturate instead of trapping.
        #expect(FirstScreen.sources(item(small: (Int.max, 1 << 61), thumb: (533, 400))) == "")
        #expect(FirstScreen.sources(item(small: (272, 204), thumb: (Int.max, Int.max))).contains("/s 272w"))
        #expect(FirstScreen.sources(item(small: (272, Int.min), thumb: (533, 400))) == "")
        #expect(FirstScreen.sources(item(small: (272, 204), thumb: (533, Int.min))) == "")
    }

    @Test func theInlinePageHoldsTheTilesPhotosAndItsCursorLeadsOn() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let slots = try await FirstScreen(catalog: fixture.library.catalog, tiles: 2).render(at: 0)
        let page = try #require(try Self.inlinePage(slots.head))
        #expect(page.items.count == 2 && page.total == 3)
        #expect(Self.tiles(slots.tiles).map(\.id) == page.items.map(\.id))
        let cursor = try #require(page.nextCursor)
        let rest = try await fixture.library.catalog.page(
            after: PageCursor(encoded: cursor), limit: 10, filter: PhotoFilter())
        #expect(rest.items.count == 1 && !page.items.map(\.id).contains(rest.items[0].photo.id))
    }

    @Test func indexInlinesTheFirstPageAndItsTiles() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) {
                String(decoding: $0.bytes, as: UTF8.self)
            }
            let page = try #require(try Self.inlinePage(html))
            let api = try await client.execute(uri: "/api/v1/photos?limit=100", method: .get) {
                try JSONDecoder().decode(PhotoPage.self, from: Data($0.bytes))
            }
            #expect(page == FirstScreen.InlinePage(api))
            #expect(page.items.count == 3)
            // The viewer's URLs and the ThumbHashes wait for the client's own read of these photos.
            let inline = try #require(html.firstRange(of: #/<script id="first-page"[^<]*</#))
            for key in ["preview", "original", "thumbHash"] {
                #expect(!html[inline].contains("\"\(key)\""), "\(key)")
            }
            #expect(api.items.allSatisfy { html.contains($0.thumb.url) && !html.contains($0.preview.url) })
            let tiles = Self.tiles(html)
            #expect(tiles.map(\.id) == page.items.map(\.id))
            #expect(tiles.map(\.href) == page.items.map { "/p/" + $0.id })
            #expect(tiles.map(\.src) == page.items.map(\.thumb.url))
            #expect(tiles.map(\.alt) == page.items.map(\.title))
            // Each candidate's width is the widest 4:3 tile it covers: the small thumb covers 272×204,
            // the thumb's 400 px short edge 533 px.
            for (tile, item) in zip(tiles, page.items) {
                let small = try #require(item.small)
                #expect(small.height == 204 && item.thumb.height == 400)
                #expect(tile.srcset == "\(small.url) 272w, \(item.thumb.url) 533w")
            }
            #expect(html.contains(#"<main data-grid><div class="ssr">"#))
            #expect(html.components(separatedBy: #"fetchpriority="high""#).count - 1 == tiles.count)
            #expect(!html.contains("{{first-screen}}") && !html.contains("{{first-tiles}}"))
            // Where the client's change feed starts: the catalog as the page was read.
            #expect(html.contains(#"data-seq="\#(try await fixture.library.catalog.latestChangeSeq())""#))
            // The months, as the timeline route gives them: the grid lays the library out from them.
            let timeline = try #require(try Self.inlineTimeline(html))
            let route = try await client.execute(uri: "/api/v1/timeline", method: .get) {
                try JSONDecoder().decode(Timeline.self, from: Data($0.bytes))
            }
            #expect(timeline == route && timeline.total == 3)
        }
    }

    /// The server's tiles come in the grid's month sections: a heading where each month starts, the year
    /// on the first, as Web/grid.js draws them.
    @Test func theTilesComeUnderTheirMonthsHeadings() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let dates = ["2023:11:14 10:00:00", "2023:11:03 10:00:00", "2023:07:22 10:00:00", "2022:12:02 10:00:00"]
        var paths: [String] = []
        for (k, date) in dates.enumerated() {
            paths.append(
                try Fixtures.write(
                    fixture.inputs.file("dated\(k).jpg"), width: 320, height: 240, seed: UInt32(k + 7),
                    fields: ["exif-ifd2-DateTimeOriginal": date]))
        }
        let summary = await fixture.library.importer().importItems(FileCollector.items(in: paths).0)
        #expect(summary.failures.isEmpty)
        var found: [String] = []
        for path in paths {
            found.append(try #require(try await fixture.library.catalog.photo(contentHash: sha256Hex(path))?.id))
        }
        let ids = found
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) { String(decoding: $0.bytes, as: UTF8.self) }
            let headings = html.matches(
                of:
                    #/<div class="month( opens)?" role="heading" aria-level="2">(?:<span class="year">(\d+)</span>)?<span class="name">([^<]*)</span></div>/#
            )
            // 2023-11-14 and 2023-11-03, then 2023-07-22, then 2022-12-02, newest first.
            #expect(headings.map { String($0.3) } == ["November", "July 2023", "December"])
            #expect(headings.map { $0.1 != nil } == [true, false, true])
            #expect(headings.map { $0.2.map(String.init) } == ["2023", nil, "2022"])
            #expect(Self.tiles(html).map(\.id) == ids)
        }
    }

    /// The layout cookie (Web/grid.js `setStyle`) picks the page: the server's tiles are the 4:3 grid's.
    @Test func aJustifiedVisitorGetsTheInlinePageWithoutTheTiles() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            func visit(_ cookie: String?) async throws -> (html: String, etag: String?, vary: String?) {
                var headers = HTTPFields()
                if let cookie { headers[.cookie] = cookie }
                return try await client.execute(uri: "/", method: .get, headers: headers) {
                    (String(decoding: $0.bytes, as: UTF8.self), $0.headers[.eTag], $0.headers[.vary])
                }
            }
            let grid = try await visit(nil)
            #expect(grid.html.hasPrefix(#"<html data-layout="grid">"#))
            #expect(Self.tiles(grid.html).count == 3)
            let justified = try await visit("other=1; vitrine_layout=justified")
            #expect(justified.html.hasPrefix(#"<html data-layout="justified">"#))
            #expect(Self.tiles(justified.html).isEmpty && !justified.html.contains("ssr"))
            #expect(try Self.inlinePage(justified.html) == Self.inlinePage(grid.html))
            #expect(justified.etag != grid.etag)
            #expect(justified.vary?.contains("Cookie") == true)
            // Both stay kept: a grid visit after a justified one gets the same page as before.
            #expect(try await visit("vitrine_layout=grid").etag == grid.etag)
            // Any other value is the grid, and is never written into the page.
            for value in ["Justified", "\"><script>x</script>", ""] {
                let page = try await visit("vitrine_layout=" + value)
                #expect(page.etag == grid.etag, "\(value)")
                #expect(!page.html.contains("<script>x"), "\(value)")
            }
        }
    }

    @Test func hostileTitlesCannotCloseTheScript() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let hostile = "</script><img src=x onerror=alert(1)> & \u{2028} end"
        _ = try await fixture.library.catalog.update(id: fixture.ids[0], .init(title: .some(hostile)))
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) {
                String(decoding: $0.bytes, as: UTF8.self)
            }
            #expect(!html.contains("<img src=x"))
            // Two scripts (the months and the first page), each closed once.
            #expect(html.components(separatedBy: "</script>").count == 3)
            let page = try #require(try Self.inlinePage(html))
            #expect(page.items.first?.title == hostile)
            // In the tile, the title is an attribute value: quotes and angle brackets are escaped.
            let alt = try #require(Self.tiles(html).first?.alt)
            #expect(alt == "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; \u{2028} end")
        }
    }

    @Test func onlyTheCatalogsOwnFirstPageIsInlined() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            // The client asks for a filtered list or another page size itself: nothing to inline.
            for uri in ["/?q=sunset", "/?tag=sea", "/?limit=3", "/p/\(fixture.ids[0])?tag=sea&debug"] {
                let html = try await client.execute(uri: uri, method: .get) {
                    String(decoding: $0.bytes, as: UTF8.self)
                }
                #expect(try Self.inlinePage(html) == nil, "\(uri)")
                #expect(Self.tiles(html).isEmpty, "\(uri)")
                #expect(!html.contains("{{first-"), "\(uri)")
            }
            for uri in ["/?debug", "/p/\(fixture.ids[0])"] {
                let html = try await client.execute(uri: uri, method: .get) {
                    String(decoding: $0.bytes, as: UTF8.self)
                }
                #expect(Self.tiles(html).count == 2, "\(uri)")
            }
        }
    }

    @Test func theIndexTagFollowsTheCatalog() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let etag = try await client.execute(uri: "/", method: .get) { $0.headers[.eTag] }
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) {
                #expect($0.status == .notModified)
            }
            _ = try await fixture.library.catalog.update(id: fixture.ids[0], .init(title: .some("Renamed")))
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) {
                #expect($0.status == .ok)
                #expect(String(decoding: $0.bytes, as: UTF8.self).contains("Renamed"))
            }
        }
    }

    @Test func aWriteByAnotherProcessReachesTheNextVisit() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let first = try await client.execute(uri: "/", method: .get) { $0.headers[.eTag] }
            let again = try await client.execute(uri: "/", method: .get) { $0.headers[.eTag] }
            #expect(first == again)
            // Another connection to the same file, as a `vitrine import` or an admin CLI would have.
            let other = try SQLiteCatalog(path: fixture.data.path + "/catalog.sqlite")
            _ = try await other.update(id: fixture.ids[1], .init(title: .some("Edited elsewhere")))
            let html = try await client.execute(uri: "/", method: .get) { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(Self.tiles(html).map(\.alt).contains("Edited elsewhere"))
            #expect(try Self.inlinePage(html)?.items.map(\.title).contains("Edited elsewhere") == true)
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
                #expect(Self.tiles(html).isEmpty && !html.contains("/assets/"))
                #expect(!html.contains("{{first-screen}}") && !html.contains("{{first-tiles}}"))
            }
        }
    }

    /// Placeholders are filled in one pass: a title that reads like one is inserted as text, never scanned
    /// again (a later pass used to replace it inside the inline JSON and break the page).
    @Test func titlesThatLookLikePlaceholdersStayTitles() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let titles = ["{{first-tiles}}", "{{first-screen}}", "{{layout}} {{static}}"]
        for (id, title) in zip(fixture.ids, titles) {
            _ = try await fixture.library.catalog.update(id: id, .init(title: title))
        }
        try await fixture.makeApp(webRoot: web.path).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) {
                String(decoding: $0.bytes, as: UTF8.self)
            }
            let page = try #require(try Self.inlinePage(html))
            #expect(Set(page.items.map(\.title)) == Set(titles))
            #expect(Self.tiles(html).count == 3)
            #expect(html.components(separatedBy: "<main data-grid>").count == 2)
        }
    }

    /// The first screen's geometry is the engine's: its CSS variables and its images' `sizes`.
    @Test func theFirstScreenTakesItsGeometryFromTheEngine() async throws {
        #expect(FirstScreen.sizes == "(max-width:599px) 34vw, (max-width:615px) 302px, 268px")
        let style = FirstScreen.geometryStyle
        #expect(style.contains(":root{--top-bar:96px;--bottom-inset:64px;--month:36px;--year:36px}"))
        #expect(style.contains(".ssr{--gap:4px;--side:4px;--tile-min:200px}"))
        #expect(style.contains("@container (max-width:599.98px){.ssr{--gap:2px;--side:0px;--tile-min:96px}}"))
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: WebCompressionTests.repositoryWeb).test(.router) { client in
            let html = try await client.execute(uri: "/", method: .get) { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(html.contains(style) && !html.contains("{{geometry}}"))
            #expect(html.contains(#"sizes="\#(FirstScreen.sizes)""#) || !html.contains("srcset"))
        }
    }
}
