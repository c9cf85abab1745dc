import Catalog
import Foundation
import VitrineAPI

/// What the index page carries so the first screen needs no round trip after the scripts: the first
/// page of the catalog inline, and `preload` hints that start the first thumbnails downloading while
/// the modules and the wasm are still compiling.
///
/// Never used on a private server: the index page is public there, the photos are not.
struct FirstScreen: Sendable {
    let catalog: PhotoCatalog
    /// A large window's worth (a 1920×1200 grid shows about 50 tiles): the HTML stays small, and the
    /// client pages on from the inline page's cursor at its own page size.
    var pageSize = 60
    /// About a screen's worth of thumbnails (36 fills a 1280×800 grid, 6 columns by 5 rows below the
    /// header); the rest load as the grid asks. Preloads are low priority: the modules go first.
    var preloads = 36

    /// HTML for the `{{first-screen}}` slot of index.html.
    func html() throws -> String {
        let page = try catalog.page(after: nil, limit: pageSize, filter: PhotoFilter())
        let body = PhotoPage(
            items: page.items.map(WireMapping.summary), nextCursor: page.nextCursor?.encoded, total: page.total)
        var html = ""
        for item in body.items.prefix(preloads) {
            html += #"<link rel="preload" as="image" href="\#(Self.attribute(item.thumb.url))">"# + "\n"
        }
        let json = String(decoding: try Self.encoder.encode(body), as: UTF8.self)
        html += #"<script id="first-page" type="application/json">\#(Self.scriptSafe(json))</script>"#
        return html
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

    static func attribute(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
