import Catalog
import Foundation
import Hummingbird
import VitrineAPI
import WebPackaging

/// `/s/{slug}` and `/s/{slug}/p/{photoId}`: a share link's page, on any server, `--private` or not.
///
/// An open link gets the web client's own page, scoped to the link: `<meta name="vitrine-scope"
/// content="link:{slug}">` tells the client to read `/api/v1/links/{slug}/…` only, the inline first page
/// and months are the link's (its tiles open `/s/{slug}/p/{id}`, their files come through the link's asset
/// route), and `<head>` carries the card chat apps show (`og:title`, the album's `og:description`, the
/// cover's `og:image`). A link with a password the visitor has not given, an upload-only link, an expired
/// and a missing link get `LinkPages`' small pages instead. The page counts no view: the client's `GET /api/v1/links/{slug}` does.
struct LinkPageController<Context: RequestContext>: Sendable {
    let catalog: any PhotoCatalog
    let visits: LinkVisitsController<Context>
    let web: WebAssets
    /// `--public-url`, which makes `og:image` absolute as chat apps want it; nil leaves it relative.
    let publicBase: String?
    let pages = LinkPageMemo()

    func addRoutes(to router: Router<Context>) {
        for path in ["s/{slug}", "s/{slug}/p/{id}"] {
            router.get(RouterPath(path), use: page)
            router.head(RouterPath(path), use: page)
        }
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        let link: LinkRecord
        do {
            link = try await visits.live(context)
            guard try await visits.isOpen(link, request, context) else {
                return LinkPages.respond(LinkPages.password(link, photo: context.parameters.get("id")))
            }
        } catch let error as APIError {
            return LinkPages.page(
                for: error, link: try await visits.known(context), form: .password, photo: context.parameters.get("id"))
        }
        guard link.showsPhotos else {
            let sent = request.uri.queryParameters["sent"] != nil
            return LinkPages.respond(LinkPages.drop(link, message: sent ? "Received. Thank you!" : nil))
        }
        if let id = context.parameters.get("id") {
            guard PhotoID.isValid(id), try await catalog.linkShares(slug: link.slug, photoId: id) else {
                return LinkPages.respond(LinkPages.missing, status: .notFound)
            }
        }
        let style = GridStyle(request)
        let assets = visits.assets.scoped(toLink: link.slug, downloads: link.allowsDownload)
        let screen = FirstScreen(
            catalog: catalog, assets: assets, filter: PhotoFilter(set: link.set), photoPath: "/s/\(link.slug)/p/")
        // Version first, then the page: a write in between only makes the next visit render again.
        let key = LinkPageMemo.Key(link, version: try await screen.version(), style: style)
        let page: LinkPageMemo.Page
        if let kept = pages.page(key) {
            page = kept
        } else {
            var slots = try await screen.render(at: key.version, tiles: style == .grid)
            var album: AlbumRecord?
            if let albumId = link.albumId { album = try await catalog.album(id: albumId) }
            let cover = try await cover(album, assets: assets) ?? slots.firstPreview
            let head = head(link, album: album, cover: cover)
            slots.head += try infoScript(link)
            page = WebController<BasicRequestContext>.page(web, slots, style: style, head: head)
            pages.keep(page, for: key)
        }
        var headers = LinkPages.headers(cache: "private, no-cache")
        headers[.vary] = "Accept-Encoding, Cookie"
        return WebController<BasicRequestContext>.respond(page, request: request, headers: headers)
    }

    /// What `<head>` says of the link: its title, its card (with the album's description), its scope, and
    /// no index. `album` is the album the link shares, if it shares one.
    func head(_ link: LinkRecord, album: AlbumRecord?, cover: String?) -> String {
        var title = link.title
        if title.isEmpty { title = album?.title ?? "" }
        if title.isEmpty { title = LinkPages.title(nil) }
        let text = FirstScreen.attribute(title)
        var head = """
            <title>\(text)</title>
            <meta name="robots" content="noindex, nofollow">
            <meta name="vitrine-scope" content="link:\(FirstScreen.attribute(link.slug))">
            <meta property="og:title" content="\(text)">
            <meta property="og:type" content="website">
            """
        if let description = album.map({ LinkPages.cardText($0.description) }), !description.isEmpty {
            head += "\n" + #"<meta property="og:description" content="\#(FirstScreen.attribute(description))">"#
        }
        if let cover, !cover.isEmpty {
            let url = cover.hasPrefix("/") ? (publicBase ?? "") + cover : cover
            head += "\n" + #"<meta property="og:image" content="\#(FirstScreen.attribute(url))">"#
        }
        return head
    }

    /// The album's chosen cover, when the link shares an album that has one, as the visitor may load it.
    func cover(_ album: AlbumRecord?, assets: AssetURLs) async throws -> String? {
        guard let coverId = album?.coverPhotoId, let photo = try await catalog.photo(id: coverId)
        else { return nil }
        return WireMapping.summary(photo, assets: assets).preview.url
    }

    /// The link's `LinkInfo` inline (`<script id="link">`), so the client needs no round trip to learn what
    /// the link allows.
    func infoScript(_ link: LinkRecord) throws -> String {
        let info = LinkInfo(
            title: link.title, passwordRequired: false, photoCount: nil, allowDownload: link.allowsDownload,
            allowUpload: link.allowsUpload, showPhotos: link.showsPhotos,
            expiresAt: link.expiresAt.map { TimestampFormatter.string(milliseconds: $0, offsetMinutes: 0) })
        let json = String(decoding: try FirstScreen.encoder.encode(info), as: UTF8.self)
        return #"<script id="link" type="application/json">\#(FirstScreen.scriptSafe(json))</script>"#
    }
}
