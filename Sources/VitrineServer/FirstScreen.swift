import Catalog
import Foundation
import GalleryEngine
import VitrineAPI
import VitrineCore

/// What the index page carries so the first screen needs neither the scripts nor a round trip: the
/// first page of the catalog inline (JSON, as much of each photo as the first screen uses), and the
/// first screen's tiles as plain HTML.
///
/// The tiles are links with their thumbnails, laid out by CSS exactly as the engine's default 4:3 grid
/// lays them out (styles.css, `.ssr`), so the thumbnails download and paint while the modules and the
/// wasm are still compiling; the grid then adopts these very elements (Web/grid.js), so nothing is
/// fetched, decoded or painted twice. Without JavaScript they still open each photo.
///
/// Never used on a private server: the index page is public there, the photos are not. Nor for a
/// filtered URL (`?q=`, `?tag=`) or a custom page size (`?limit=`): the client asks for those itself.
struct FirstScreen: Sendable {
    let catalog: any PhotoReading & ChangeFeed
    /// Where items' asset URLs point (`--asset-base-url`, else this server's `/assets`).
    var assets = AssetURLs()
    /// Photos in the inline page, and tiles in the HTML: a screen's worth and a row or two more (a
    /// 1280×800 grid shows 24 tiles, 6 columns by 4 rows below the header). The client pages on from the inline page's
    /// cursor at its own page size for the rest of a larger window, as it does for everything below the
    /// first screen; each photo more here costs every first visit about 50 gzipped bytes, mostly its
    /// thumbnails' content-addressed URLs, which no compressor shortens.
    var tiles = 36
    /// What the page shows: the library, or a share link's set.
    var filter = PhotoFilter()
    /// Where a tile opens its photo: the library's `/p/`, or a link's `/s/{slug}/p/`.
    var photoPath = "/p/"

    /// What goes into index.html's two slots.
    struct Slots: Sendable {
        /// `{{first-screen}}`, after the tiles (gzip then finds their URLs again in the page's): the inline page.
        var head = ""
        /// `{{first-tiles}}`, in the grid: the first screen's tiles.
        var tiles = ""
        /// The newest photo's preview URL (a link page's card image).
        var firstPreview: String?
    }

    /// Query parameters after which the client does not use the inline page.
    static let ownQueries: Set<String> = ["q", "tag", "limit"]

    /// Whether a request with these query parameter names gets a first screen.
    static func applies(to queryNames: some Sequence<String>) -> Bool {
        !queryNames.contains(where: ownQueries.contains)
    }

    /// What the first screen is made of, as a number that changes whenever it may: every write to photos
    /// and their variants appends to the change feed in its own transaction, whichever process made it,
    /// and the feed's sequence only grows. One indexed read, where `render` counts and encodes a page.
    func version() async throws -> Int64 { try await catalog.latestChangeSeq() }

    /// The inline page, and the tiles unless `tiles` is false (they are the 4:3 grid's). `version`, read
    /// before the page, goes with it: the client's change feed starts there (`since`), so nothing written
    /// between this render and the feed's connection is missed (replaying a change already read is harmless).
    func render(at version: Int64, tiles withTiles: Bool = true) async throws -> Slots {
        let counts = try await catalog.monthCounts(filter: filter)
        let page = try await catalog.page(after: nil, limit: tiles, filter: filter)
        let body = PhotoPage(
            items: page.items.map { WireMapping.summary($0, assets: assets) }, nextCursor: page.nextCursor?.encoded,
            total: page.total)
        let months = counts.map { Timeline.Month(year: $0.month.year, month: $0.month.month, count: $0.count) }
        let timeline = Timeline(months: months, total: counts.reduce(0) { $0 &+ $1.count })
        let json = String(decoding: try Self.encoder.encode(InlinePage(body)), as: UTF8.self)
        let timelineJSON = String(decoding: timeline.jsonBytes(), as: UTF8.self)
        var slots = Slots(firstPreview: body.items.first?.preview.url)
        slots.head =
            #"<script id="timeline" type="application/json" data-seq="\#(version)">\#(Self.scriptSafe(timelineJSON))</script>"#
            + #"<script id="first-page" type="application/json">\#(Self.scriptSafe(json))</script>"#
        guard withTiles, !body.items.isEmpty else { return slots }
        let tileMonths = page.items.map { UTCMonth(milliseconds: $0.photo.takenAt) }
        slots.tiles = Self.tiles(Array(zip(tileMonths, body.items)), photoPath: photoPath)
        return slots
    }

    /// The first screen's tiles in the grid's month sections: a heading where each month starts (with the
    /// year above the first), then its tiles; CSS places them in the order they come (styles.css `.ssr`).
    /// Stops before a photo without a thumb.
    static func tiles(_ items: [(UTCMonth, PhotoSummary)], photoPath: String = "/p/") -> String {
        var html = #"<div class="ssr">"#
        var current: UTCMonth?
        for (month, item) in items.prefix(while: { !$0.1.thumb.url.isEmpty }) {
            if month != current {
                html += heading(month, opensYear: current == nil || current?.year != month.year)
                current = month
            }
            html += tile(item, photoPath: photoPath)
        }
        return html + "</div>"
    }

    /// A month's heading as Web/grid.js draws it: the month's name, with the year above it where a year opens.
    static func heading(_ month: UTCMonth, opensYear: Bool) -> String {
        let name = "\(MonthNames.name(month.month))"
        let year = opensYear ? #"<span class="year">\#(month.year)</span>"# : ""
        let label = opensYear ? name : "\(name) \(month.year)"
        let opens = opensYear ? " opens" : ""
        return
            #"<div class="month\#(opens)" role="heading" aria-level="2">\#(year)<span class="name">\#(label)</span></div>"#
    }

    /// One tile as the grid draws it (Web/grid.js `mount`): the average colour under the thumbnail.
    ///
    /// `fetchpriority="high"`: the first screen needs the stylesheet and these thumbnails, not the script
    /// or the wasm, which would otherwise go first (interleaved runs, 7 loads each: first screen median
    /// about 400 → 365 ms).
    ///
    /// With a small thumb, the browser picks one by `srcset`: each candidate's `w` is the widest 4:3 tile
    /// it covers, and `sizes` bounds the tile's width, so the small one is taken when it fills the tile
    /// at the screen's pixel density, as `thumbURL` in Web/grid.js decides for the tiles the client makes.
    static func tile(_ item: PhotoSummary, photoPath: String = "/p/") -> String {
        let id = attribute(item.id)
        var style = ""
        let color = item.placeholder.averageColor
        if isHexColor(color) { style = #" style="background-color:\#(color)""# }
        return
            #"<a class="tile" href="\#(attribute(photoPath + percentEncoded(item.id)))" data-photo-id="\#(id)"\#(style)>"#
            + #"<img src="\#(attribute(item.thumb.url))"\#(sources(item)) "#
            + #"alt="\#(attribute(item.title.isEmpty ? "Photo" : item.title))" "#
            + #"draggable="false" elementtiming="thumb" fetchpriority="high"></a>"#
    }

    /// ` srcset=… sizes=…` when the small thumb covers smaller tiles than the thumb.
    static func sources(_ item: PhotoSummary) -> String {
        // Sizes come from catalog rows, trusted to be well-formed but not to be in range: saturate.
        func covered(_ v: VariantInfo) -> Int {
            let (height, overflow) = v.height.multipliedReportingOverflow(by: 4)
            return min(v.width, overflow ? (v.height < 0 ? Int.min : Int.max) : height / 3)
        }
        guard let small = item.small, covered(small) > 0, covered(small) < covered(item.thumb) else { return "" }
        let srcset = "\(small.url) \(covered(small))w, \(item.thumb.url) \(covered(item.thumb))w"
        return #" srcset="\#(attribute(srcset))" sizes="\#(sizes)""#
    }

    /// Sorted keys: the page's ETag hashes it, so equal pages must encode to equal bytes.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()

    /// JSON inside `<script>` ends at the first `</script`, whatever the quotes say, and titles are
    /// user text: escape `<`, `>` and `&` (JSON reads `\u003c` as `<`), and the line separators that
    /// old parsers choke on.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// For a double-quoted attribute value.
    static func attribute(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A path segment, as `encodeURIComponent` writes it (ids are URL-safe today; this keeps it so).
    static func percentEncoded(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-_.!~*'()")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The same check the client makes (Web/images.js `paintColor`) before it paints a colour.
    static func isHexColor(_ s: String) -> Bool {
        let digits = s.utf8.dropFirst()
        return s.utf8.first == UInt8(ascii: "#") && (3...8).contains(digits.count)
            && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0 | 0x20) }
    }
}
