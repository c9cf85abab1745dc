import Access
import Catalog
import Hummingbird
import Ingest
import VitrineAPI
import VitrineCore

/// The owner's share links: `POST /api/v1/links`, `GET /api/v1/links`, `PATCH` and `DELETE
/// /api/v1/links/{slug}`, behind the admin token. What visitors reach is `LinkVisitsController`.
struct LinksController<Context: RequestContext>: Sendable {
    let catalog: any PhotoCatalog
    /// The public URL links are written with (`--public-url`); nil writes them relative to this server.
    let publicBase: String?

    static var maximumLinks: Int { 10_000 }

    func addRoutes(to writes: RouterGroup<Context>) {
        writes.post("links", use: create)
        writes.get("links", use: list)
        writes.patch("links/{slug}", use: edit)
        writes.delete("links/{slug}", use: delete)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        var request = request
        let change = try await request.decodeJSON(
            LinkChange.self, limit: SetsController<Context>.maximumBodyBytes,
            expected: #"{"albumId": id} or {"photos": {"ids": [...]}}, with expiresAt, password, allowDownload…"#)
        var selection: PhotoSelection?
        switch (change.albumId, change.photos) {
        case (let album?, nil):
            guard PhotoID.isValid(album), try await catalog.album(id: album) != nil else {
                throw APIError.notFound("album")
            }
        case (nil, let photos?): selection = try photos.validated()
        default:
            throw APIError(.badRequest, code: "bad_link", message: "share either an albumId or photos")
        }
        guard try await catalog.links().count < Self.maximumLinks else {
            throw APIError(.conflict, code: "too_many_links", message: "at most \(Self.maximumLinks) links")
        }
        var link = LinkRecord(slug: LinkSlug.make(), albumId: change.albumId, createdAt: EpochMilliseconds.now)
        try Self.apply(change, to: &link)
        try await catalog.createLink(link, photos: selection)
        return try JSONResponse.make(try await wire(link), status: .created, cacheControl: "no-store")
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        var items: [ShareLink] = []
        for link in try await catalog.links() { items.append(try await wire(link)) }
        return try JSONResponse.make(LinkList(items: items), cacheControl: "no-store")
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        var link = try await found(context)
        var request = request
        let change = try await request.decodeJSON(
            LinkChange.self, limit: 64 * 1024, expected: #"{"expiresAt": time or null, "password": string or null…}"#)
        guard change.albumId == nil, change.photos == nil else {
            throw APIError(.badRequest, code: "bad_link", message: "what a link shares is set when it is made")
        }
        try Self.apply(change, to: &link)
        guard try await catalog.updateLink(link) else { throw APIError.notFound("link") }
        return try JSONResponse.make(try await wire(link), cacheControl: "no-store")
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        guard try await catalog.deleteLink(slug: try await found(context).slug) else { throw APIError.notFound("link") }
        return Response(status: .noContent)
    }

    func found(_ context: Context) async throws -> LinkRecord {
        let slug = try context.parameters.require("slug")
        guard LinkSlug.isValid(slug), let link = try await catalog.link(slug: slug) else {
            throw APIError.notFound("link")
        }
        return link
    }

    /// The change's fields, each checked: a title as an album's, a time with its zone, a password of 1 to
    /// `LinkPassword.maximumBytes` bytes (hashed here; never stored as sent).
    static func apply(_ change: LinkChange, to link: inout LinkRecord) throws {
        if let title = change.title {
            try TextRules.validateAlbum(title: title.isEmpty ? nil : title, description: nil)
            link.title = title
        }
        if let expiresAt = change.expiresAt {
            if let text = expiresAt {
                guard text.utf8.count <= 64, let time = TimestampParser.milliseconds(text) else {
                    throw APIError(
                        .badRequest, code: "bad_expiry", message: "expiresAt is an ISO 8601 time with its zone")
                }
                link.expiresAt = time
            } else {
                link.expiresAt = nil
            }
        }
        if let password = change.password {
            if let text = password {
                guard (1...LinkPassword.maximumBytes).contains(text.utf8.count) else {
                    throw APIError(
                        .badRequest, code: "bad_password",
                        message: "a password has 1 to \(LinkPassword.maximumBytes) bytes")
                }
                link.passwordHash = try LinkPassword.hash(text)
            } else {
                link.passwordHash = nil
            }
        }
        if let value = change.allowDownload { link.allowsDownload = value }
        if let value = change.allowUpload { link.allowsUpload = value }
        if let value = change.showLocation { link.showsLocation = value }
        if let value = change.showPhotos { link.showsPhotos = value }
    }

    func wire(_ link: LinkRecord) async throws -> ShareLink {
        let count = try await catalog.page(after: nil, limit: 1, filter: PhotoFilter(set: link.set)).total
        let time = { (ms: Int64) in TimestampFormatter.string(milliseconds: ms, offsetMinutes: 0) }
        return ShareLink(
            slug: link.slug, url: (publicBase ?? "") + "/s/" + link.slug, albumId: link.albumId, title: link.title,
            photoCount: count, createdAt: time(link.createdAt), expiresAt: link.expiresAt.map(time),
            hasPassword: link.passwordHash != nil, allowDownload: link.allowsDownload, allowUpload: link.allowsUpload,
            showLocation: link.showsLocation, showPhotos: link.showsPhotos,
            uploadCount: try await catalog.linkUploadCount(slug: link.slug), views: link.views,
            lastViewedAt: link.lastViewedAt.map(time))
    }
}
