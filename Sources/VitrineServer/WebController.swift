import Crypto
import Foundation
import Hummingbird
import Synchronization
import VitrineCore
import WebPackaging

/// `/`, `/p/{id}` (deep links), the views of a part of the library (`/favorites`, `/albums`, `/trash`,
/// `/a/{id}`, each with its deep links) and `/static/<version>/<path>`: the web client.
struct WebController<Context: RequestContext>: Sendable {
    let assets: WebAssets
    /// Nil on a private server.
    var firstScreen: FirstScreen?
    /// The index page as last rendered, with and without a first screen, per layout. Every visit waits for it, and
    /// reading and encoding the first page of a 100 000-photo catalog, filling, hashing and gzipping the
    /// page took 12 ms; checking the first screen's version is one indexed read.
    let pages = PageMemo()

    final class PageMemo: Sendable {
        struct Page: Sendable {
            var body: [UInt8]
            var gzipped: [UInt8]?
            var digest: String
        }

        struct Key: Hashable {
            /// `FirstScreen.version()`; nil: no first screen.
            var version: Int64?
            var style: GridStyle
        }

        let state = Mutex<[Key: Page]>([:])
    }

    init(assets: WebAssets, firstScreen: FirstScreen? = nil) {
        self.assets = assets
        self.firstScreen = firstScreen
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/", use: index)
        router.head("/", use: index)
        router.get("p/{id}", use: index)
        router.head("p/{id}", use: index)
        for path in ["favorites", "favorites/p/{photo}", "albums", "trash", "links", "a/{id}", "a/{id}/p/{photo}"] {
            router.get(RouterPath(path), use: part)
            router.head(RouterPath(path), use: part)
        }
        router.get("static/{version}/**", use: file)
        router.head("static/{version}/**", use: file)
    }

    /// Revalidated on every visit (`no-cache`), so a new version, or a changed first page, reaches
    /// clients on their next load; the tag is a hash of the page as rendered.
    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        try await page(request, firstScreen: true)
    }

    /// A part of the library: the client reads it through the API, so the page carries no first screen
    /// (the library's would show other photos).
    @Sendable func part(_ request: Request, context: Context) async throws -> Response {
        try await page(request, firstScreen: false)
    }

    func page(_ request: Request, firstScreen withFirstScreen: Bool) async throws -> Response {
        var version: Int64?
        if withFirstScreen, let firstScreen, FirstScreen.applies(to: request.formParameters.map { String($0.key) }) {
            version = try await firstScreen.version()
        }
        let key = PageMemo.Key(version: version, style: GridStyle(request))
        let page: PageMemo.Page
        if let kept = pages.state.withLock({ [key] in $0[key] }) {
            page = kept
        } else {
            // Version first, then the page: a write in between only makes the next visit render again.
            var slots = FirstScreen.Slots()
            if let version = key.version, let firstScreen {
                slots = try await firstScreen.render(at: version, tiles: key.style == .grid)
            }
            page = render(slots, key: key)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[.vary] = "Accept-Encoding, Cookie"
        return Self.respond(page, request: request, headers: headers)
    }

    /// Fills index.html's slots, hashes and gzips the page, and keeps it for the next visits (only the
    /// newest first screen: an older one is never asked for again).
    func render(_ slots: FirstScreen.Slots, key: PageMemo.Key) -> PageMemo.Page {
        let page = Self.page(assets, slots, style: key.style, head: "<title>Vitrine</title>")
        pages.state.withLock { pages in
            if key.version != nil { pages = pages.filter { $0.key.version == nil || $0.key.version == key.version } }
            pages[key] = page
        }
        return page
    }

    /// index.html filled: `head` is what `<head>` says of the page (its title, and a link's card and scope).
    static func page(_ assets: WebAssets, _ slots: FirstScreen.Slots, style: GridStyle, head: String) -> PageMemo.Page {
        let html = assets.index.fill([
            "layout": style.rawValue, "geometry": FirstScreen.geometryStyle, "first-screen": slots.head,
            "first-tiles": slots.tiles, "head": head,
        ])
        let body = Array(html.utf8)
        let digest = Hex.encode(SHA256.hash(data: body).prefix(8))
        return PageMemo.Page(body: body, gzipped: Gzip.compress(body, level: 6), digest: digest)
    }

    /// A rendered page as an answer: gzipped when accepted, each encoding with its own tag, 304 when the
    /// client holds it already.
    static func respond(_ page: PageMemo.Page, request: Request, headers: HTTPFields) -> Response {
        var headers = headers
        let gzip = acceptsGzip(request.headers[values: .acceptEncoding])
        let etag = "\"" + page.digest + (gzip ? "-gz" : "") + "\""
        headers[.eTag] = etag
        if BlobResponder.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        if gzip, let packed = page.gzipped {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: packed)))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: page.body)))
    }

    /// Only names read at start-up are served: a request never reaches the file system.
    @Sendable func file(_ request: Request, context: Context) async throws -> Response {
        let version = try context.parameters.require("version")
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard version == assets.version, let file = assets.files[path] else {
            throw APIError.notFound("file")
        }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        var body = file.bytes
        if let gzipped = file.gzipped {
            headers[.vary] = "Accept-Encoding"
            if Self.acceptsGzip(request.headers[values: .acceptEncoding]) {
                headers[.contentEncoding] = "gzip"
                body = gzipped
            }
        }
        // Each encoding is a different representation, so each gets its own tag.
        headers[.eTag] = headers[.contentEncoding] == nil ? "\"\(assets.version)\"" : "\"\(assets.version)-gz\""
        headers[.contentLength] = String(body.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// True unless gzip is absent or refused with `q=0` (RFC 9110 §12.5.3); `*` counts.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var any: Double?
        for value in values {
            for part in value.split(separator: ",") {
                let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let coding = fields.first?.lowercased() else { continue }
                var q = 1.0
                for field in fields.dropFirst() where field.lowercased().hasPrefix("q=") {
                    q = Double(field.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { gzip = q } else if coding == "*" { any = q }
            }
        }
        return (gzip ?? any ?? 0) > 0
    }
}
