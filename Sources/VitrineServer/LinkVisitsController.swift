import Access
import Blobs
import Catalog
import Hummingbird
import VitrineAPI
import VitrineCore

/// What a share link's visitor reaches, on any server, `--private` or not: the link's own photos, pages,
/// timeline, details and files under `/api/v1/links/{slug}/…`, and nothing else. A password, when the
/// link has one, is traded for a cookie scoped to the link (`POST /api/v1/links/{slug}/session`), with
/// attempts throttled per address and per link. An expired link answers 410, a deleted or unknown one 404.
struct LinkVisitsController<Context: RequestContext>: Sendable {
    let catalog: any PhotoCatalog
    let blobs: any BlobStore
    let sessions: LinkSessions
    let throttle: AuthThrottle
    let securesCookies: Bool
    var assets = AssetURLs()
    /// The asset route, whose resolutions and memory the link's files share.
    let files: AssetsController<Context>
    /// Whether a link shares a photo, kept per feed position: what an album holds (and so what a link to it
    /// shares) changes only by writes that move the feed, and a link's own photos never change. The link
    /// itself is read on every request, so a deleted or expired one answers at once.
    let shared = PositionCache<SharedPhoto, Bool>(.init(entries: 16_384, cost: 16_384), cost: { _, _ in 1 })

    struct SharedPhoto: Hashable, Sendable {
        var slug: String
        var photoId: String
    }

    func addRoutes(to api: RouterGroup<Context>) {
        api.get("links/{slug}", use: info)
        api.post("links/{slug}/session", use: signIn)
        api.get("links/{slug}/photos", use: photos)
        api.get("links/{slug}/timeline", use: timeline)
        api.get("links/{slug}/photos/{id}", use: detail)
        api.get("links/{slug}/assets/{name}", use: asset)
        api.head("links/{slug}/assets/{name}", use: asset)
    }

    @Sendable func info(_ request: Request, context: Context) async throws -> Response {
        let link = try await live(context)
        let open = try await isOpen(link, request, context)
        if open { try await catalog.recordView(slug: link.slug, at: EpochMilliseconds.now) }
        let count =
            open && link.showsPhotos
            ? try await catalog.page(after: nil, limit: 1, filter: PhotoFilter(set: link.set)).total : nil
        let body = LinkInfo(
            title: link.title, passwordRequired: !open, photoCount: count, allowDownload: link.allowsDownload,
            allowUpload: link.allowsUpload, showPhotos: link.showsPhotos,
            expiresAt: link.expiresAt.map { TimestampFormatter.string(milliseconds: $0, offsetMinutes: 0) })
        return try JSONResponse.make(body, cacheControl: "private, no-store")
    }

    /// JSON answers JSON; a form (`application/x-www-form-urlencoded`, the link page without JavaScript)
    /// is answered 303 to the link's page when right, and with the password page again when not.
    @Sendable func signIn(_ request: Request, context: Context) async throws -> Response {
        guard LinkPages.isForm(request) else { return try await signIn(request, context, form: false) }
        do {
            return try await signIn(request, context, form: true)
        } catch let error as APIError {
            return LinkPages.page(
                for: error, link: try await known(context), form: .password,
                photo: request.uri.queryParameters["photo"].map(String.init))
        }
    }

    func signIn(_ request: Request, _ context: Context, form: Bool) async throws -> Response {
        let link = try await live(context)
        guard let hash = link.passwordHash else {
            return form
                ? LinkPages.seeOther(slug: link.slug) : try JSONResponse.make(["ok": true], cacheControl: "no-store")
        }
        let address = context.peerAddress
        let perLink = "link:" + link.slug
        // A throttled address or link is refused before its body is read; the attempt itself is counted
        // before the password is checked, so guesses sent at once cannot all pass the first check.
        try await throttle.check(address)
        try await throttle.check(perLink)
        var request = request
        let password =
            form
            ? try await LinkPages.formPassword(&request)
            : try await request.decodeJSON(LinkPasswordBody.self, limit: 4096, expected: #"{"password": string}"#)
                .password
        let byAddress = try await throttle.attempt(address, logger: context.logger)
        let byLink: ThrottleWindow
        do {
            byLink = try await throttle.attempt(perLink, logger: context.logger)
        } catch {
            try? await throttle.forgive(address, window: byAddress)
            throw error
        }
        // A slow hash on purpose (a tenth of a second of CPU): off the cooperative pool, whose few threads
        // serve every request.
        guard try await blocking({ LinkPassword.verify(password, against: hash) }) else {
            context.logger.warning(
                "authentication failed",
                metadata: ["kind": "link", "client": .string(address), "path": .string(request.uri.path)])
            throw APIError(.unauthorized, code: "wrong_password", message: "that is not this link's password")
        }
        try await throttle.forgive(address, window: byAddress)
        try await throttle.forgive(perLink, window: byLink)
        let value = try await sessions.create(slug: link.slug, passwordHash: hash)
        // Lax, not Strict: a link is opened from a chat app or a mail, another site, and a Strict cookie would
        // stay behind on that navigation, asking for the password again on every visit. Lax still keeps it off
        // every cross-site POST, and `CrossSiteMiddleware` refuses those anyway; the cookie opens only reads of
        // the link's own photos and its uploads.
        var response =
            form
            ? LinkPages.seeOther(slug: link.slug, photo: request.uri.queryParameters["photo"].map(String.init))
            : try JSONResponse.make(["ok": true], cacheControl: "no-store")
        response.setCookie(
            try Cookie.validated(
                name: LinkSessions.cookieName(slug: link.slug), value: value, maxAge: 30 * 24 * 3600, path: "/",
                secure: securesCookies || (context as? VitrineRequestContext)?.forwardedProto?.lowercased() == "https",
                httpOnly: true, sameSite: .lax))
        return response
    }

    @Sendable func photos(_ request: Request, context: Context) async throws -> Response {
        let link = try await shown(request, context)
        let query = request.uri.queryParameters
        let limit = try PhotosController<Context>.limit(from: query, maximum: PhotosController<Context>.maximumLimit)
        let cursor = try PhotosController<Context>.cursor(from: query, PageCursor.init(encoded:))
        let page = try await catalog.page(after: cursor, limit: limit, filter: PhotoFilter(set: link.set))
        let scoped = assets.scoped(toLink: link.slug, downloads: link.allowsDownload)
        let body = PhotoPage(
            items: page.items.map { WireMapping.summary($0, assets: scoped) }, nextCursor: page.nextCursor?.encoded,
            total: page.total)
        return JSONResponse.make(bytes: body.jsonBytes(), cacheControl: "private, no-cache")
    }

    @Sendable func timeline(_ request: Request, context: Context) async throws -> Response {
        let link = try await shown(request, context)
        let counts = try await catalog.monthCounts(filter: PhotoFilter(set: link.set))
        let months = counts.map { Timeline.Month(year: $0.month.year, month: $0.month.month, count: $0.count) }
        let body = Timeline(months: months, total: counts.reduce(0) { $0 &+ $1.count })
        return JSONResponse.make(bytes: body.jsonBytes(), cacheControl: "private, no-cache")
    }

    @Sendable func detail(_ request: Request, context: Context) async throws -> Response {
        let link = try await shown(request, context)
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id), try await catalog.linkShares(slug: link.slug, photoId: id),
            let found = try await catalog.detail(id: id)
        else { throw APIError.notFound("photo") }
        var detail = WireMapping.detail(
            found.item, tags: found.tags, assets: assets.scoped(toLink: link.slug, downloads: link.allowsDownload))
        if !link.showsLocation { detail.location = nil }
        return JSONResponse.make(bytes: detail.jsonBytes(), cacheControl: "private, no-cache")
    }

    /// A file of the link's photos. The asset route's own resolution (kept per feed position, the same
    /// sibling by `Accept`, and the bytes from memory) answers once the link is known to share the photo
    /// the blob belongs to; a blob whose first owner the link does not share is looked for among the link's
    /// photos. Either way a file kept as it came (an original, a Live Photo's clip) needs `allowDownload`.
    @Sendable func asset(_ request: Request, context: Context) async throws -> Response {
        let link = try await shown(request, context)
        guard let key = AssetsController<Context>.key(try context.parameters.require("name")) else {
            throw APIError.notFound("asset")
        }
        let lookup = AssetsController<Context>.Lookup(key: key, accept: request.headers[.accept])
        if let resolution = try? await files.resolved(lookup, where: { try await shares(link, $0, at: files.position) })
        {
            guard !resolution.kind.isAsItCame || link.allowsDownload else { throw APIError.notFound("asset") }
            return try await files.respond(
                resolution, cacheControl: resolution.provisional ? "private, max-age=60" : "private, max-age=3600",
                request: request, context: context)
        }
        guard var variant = try await catalog.linkVariant(slug: link.slug, blobKey: key),
            !variant.kind.isAsItCame || link.allowsDownload
        else { throw APIError.notFound("asset") }
        var headers: HTTPFields = [.cacheControl: "private, max-age=3600"]
        if [.thumbWebP, .thumbJPEG].contains(variant.kind) {
            let wanted: VariantKind =
                AssetsController<Context>.accepts(request.headers[.accept], "image/webp") ? .thumbWebP : .thumbJPEG
            if let sibling = try await catalog.variant(photoId: variant.photoId, kind: wanted) { variant = sibling }
            headers[.vary] = "Accept"
        }
        return try await BlobResponder(blobs: blobs).respond(
            key: variant.blobKey, mimeType: variant.mimeType, headers: headers, request: request, context: context)
    }

    /// Whether `link` shares photo `photoId`, from `shared` when the feed has not moved since it was read.
    func shares(_ link: LinkRecord, _ photoId: String, at feed: FeedPosition) async throws -> Bool {
        let key = SharedPhoto(slug: link.slug, photoId: photoId)
        let position = try await feed.current()
        if let kept = shared.value(for: key, at: position) { return kept }
        let answer = try await catalog.linkShares(slug: link.slug, photoId: photoId)
        shared.store(answer, for: key, at: position)
        return answer
    }

    // MARK: - The gate

    /// The link behind the path, live or not, for a page that explains a refusal.
    func known(_ context: Context) async throws -> LinkRecord? {
        let slug = try context.parameters.require("slug")
        return LinkSlug.isValid(slug) ? try await catalog.link(slug: slug) : nil
    }

    /// The link behind the path: 404 for a malformed, unknown or deleted slug, 410 once it expired.
    func live(_ context: Context) async throws -> LinkRecord {
        try await live(slug: try context.parameters.require("slug"))
    }

    func live(slug: String) async throws -> LinkRecord {
        guard LinkSlug.isValid(slug), let link = try await catalog.link(slug: slug) else {
            throw APIError.notFound("link")
        }
        if let expiresAt = link.expiresAt, expiresAt <= EpochMilliseconds.now {
            throw APIError(.gone, code: "link_expired", message: "this link has expired")
        }
        return link
    }

    /// Whether the visitor may see the link's photos: no password, or the link's own cookie. A cookie that
    /// fails counts into the address's throttle (once per window for one stale cookie), as the session
    /// cookie does.
    func isOpen(_ link: LinkRecord, _ request: Request, _ context: Context) async throws -> Bool {
        guard let hash = link.passwordHash else { return true }
        guard let value = request.cookies[LinkSessions.cookieName(slug: link.slug)]?.value else { return false }
        let address = context.peerAddress
        let seen = try await throttle.check(address)
        if try await sessions.accepts(value, slug: link.slug, passwordHash: hash) { return true }
        try await throttle.failed(
            address, kind: "link session", cookie: SessionStore.digest(value), seen: seen, path: request.uri.path,
            logger: context.logger)
        return false
    }

    /// The live link, once its password was given; 401 `password_required` before.
    func open(_ request: Request, _ context: Context, slug: String? = nil) async throws -> LinkRecord {
        let link: LinkRecord
        if let slug { link = try await live(slug: slug) } else { link = try await live(context) }
        guard try await isOpen(link, request, context) else {
            throw APIError(.unauthorized, code: "password_required", message: "this link needs its password")
        }
        return link
    }

    /// The open link, unless it is upload-only: a file drop's photos, timeline, details and files answer
    /// 403 `upload_only`, even to the visitor who uploaded them.
    func shown(_ request: Request, _ context: Context, slug: String? = nil) async throws -> LinkRecord {
        let link = try await open(request, context, slug: slug)
        guard link.showsPhotos else {
            throw APIError(.forbidden, code: "upload_only", message: "this link takes uploads and shows no photos")
        }
        return link
    }
}
