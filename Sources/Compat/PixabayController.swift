import Access
import Catalog
import Foundation
import HTTPParsing
import Hummingbird
import Imaging
import VitrineServer

/// `GET /api/?key=…` and `GET /api/videos/?key=…`: the Pixabay image and video search APIs over this
/// catalog, so Pixabay clients work by changing only the host. Keys come from `vitrine key create`; each
/// is rate-limited. Photos answer the image search and clips the video search.
struct PixabayController<Context: RequestContext>: Sendable {
    let catalog: any CompatReading
    let keys: APIKeys
    let limiter: RateLimiter
    /// Unknown keys count against the client's address like wrong tokens do.
    let throttle: AuthThrottle
    let base: PublicBase
    let owner: CompatConfiguration.Owner
    /// Where a clip's files are served (the same URLs the JSON API gives).
    var assets = AssetURLs()
    /// JSONP (`callback`) turns an answer into a script any page may include, with the visitor's cookies:
    /// on a `--private` server, whose reads the owner's session cookie authorises, that would hand the
    /// library to any page the owner opens, so there it is refused.
    var answersJSONP = true

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("api") { request, context in try await search(request, context: context, kind: .photo) }
        router.get("api/videos") { request, context in try await search(request, context: context, kind: .video) }
    }

    @Sendable func search(_ request: Request, context: Context, kind: MediaKind) async throws -> Response {
        let parameters = request.formQuery
        guard let key = parameters["key"] else { throw PixabayError.invalidKey }
        let address = context.peerAddress
        let seen = try await throttle.window(address)
        if let wait = throttle.retryAfter(seen) {
            var error = PixabayError.tooManyRequests
            error.headers[.retryAfter] = String(wait)
            throw error
        }
        guard let record = try await keys.authenticate(key), let keyID = record.id else {
            try await throttle.failed(
                address, kind: "api key", seen: seen, path: request.uri.path, logger: context.logger)
            throw PixabayError.invalidKey
        }
        let decision = try await limiter.check(keyID)
        var rateHeaders = HTTPFields()
        rateHeaders[.rateLimitLimit] = String(decision.limit)
        rateHeaders[.rateLimitRemaining] = String(decision.remaining)
        rateHeaders[.rateLimitReset] = String(decision.resetSeconds)
        do {
            guard decision.allowed else { throw PixabayError.tooManyRequests }
            return try await answer(Self.query(parameters), kind: kind, request: request).withHeaders(rateHeaders)
        } catch var error as PixabayError {
            error.headers = rateHeaders
            throw error
        }
    }

    static func query(_ parameters: FormQuery) throws(PixabayError) -> PixabayQuery {
        do throws(PixabayQueryError) {
            return try PixabayQuery(parameters)
        } catch {
            throw error.pixabayError
        }
    }

    func answer(_ query: PixabayQuery, kind: MediaKind, request: Request) async throws -> Response {
        if query.callback != nil, !answersJSONP {
            throw PixabayError(status: .badRequest, message: "\"callback\" is not answered by a private gallery.")
        }
        var search = query.compatSearch
        search.kind = kind
        let page = try await catalog.compatSearch(search)
        let totalHits = min(page.total, PixabayQuery.maximumHits)
        // Like Pixabay: past the last hit is an error, except that page 1 of nothing is an empty answer.
        if query.page > 1 && search.offset >= totalHits { throw PixabayError.outOfRange("page") }
        let base = base.resolve(request)
        let items = page.items.prefix(max(0, totalHits - search.offset))
        let encoder = JSONEncoder()
        encoder.outputFormatting = query.pretty ? [.withoutEscapingSlashes, .prettyPrinted] : [.withoutEscapingSlashes]
        var data =
            switch kind {
            case .photo:
                try encoder.encode(
                    PixabayResponse(total: page.total, totalHits: totalHits, hits: items.map { hit($0, base: base) }))
            case .video:
                try encoder.encode(
                    PixabayResponse(
                        total: page.total, totalHits: totalHits, hits: items.map { videoHit($0, base: base) }))
            }
        var headers = HTTPFields()
        headers[.cacheControl] = "no-cache"
        if let callback = query.callback {
            // JSONP. The leading comment defuses content-sniffing tricks; the name was checked to be an identifier.
            data = Data("/**/\(callback)(".utf8) + data + Data(");".utf8)
            headers[.contentType] = "application/javascript; charset=utf-8"
            headers[.contentTypeOptions] = "nosniff"
        } else {
            headers[.contentType] = "application/json; charset=utf-8"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func hit(_ item: CompatPhoto, base: String) -> PixabayHit {
        let photo = item.photo
        func sized(_ edge: Int) -> (url: String, width: Int, height: Int) {
            let size = SizedRenderer.fitted(width: photo.width, height: photo.height, edge: edge)
            return (base + SizedController<Context>.path(photoId: photo.id, edge: edge), size.width, size.height)
        }
        let preview = sized(SizedController<Context>.previewEdge)
        let webformat = sized(SizedController<Context>.webformatEdge)
        let large = sized(SizedController<Context>.largeEdge)
        return PixabayHit(
            id: item.number, pageURL: base + "/p/" + photo.id, type: "photo", tags: item.tags.joined(separator: ", "),
            previewURL: preview.url, previewWidth: preview.width, previewHeight: preview.height,
            webformatURL: webformat.url, webformatWidth: webformat.width, webformatHeight: webformat.height,
            largeImageURL: large.url, imageWidth: photo.width, imageHeight: photo.height, imageSize: photo.byteSize,
            views: item.views, downloads: item.downloads, collections: 0, favorites: 0, likes: 0, comments: 0,
            userId: owner.id, user: owner.name, userImageURL: owner.imageURL)
    }

    /// A clip as Pixabay describes a video: `large` is its original when that is at least 1080p, the
    /// other sizes are what a browser plays (the web rendition, else the original); the thumbnail is the
    /// poster frame at the preview's size.
    func videoHit(_ item: CompatPhoto, base: String) -> PixabayVideoHit {
        let photo = item.photo
        let variants = item.item.variants
        let thumbnail =
            base + SizedController<Context>.path(photoId: photo.id, edge: SizedController<Context>.previewEdge)
        func rendition(_ variant: VariantRecord?) -> PixabayVideoHit.Rendition {
            guard let variant else { return .none }
            return PixabayVideoHit.Rendition(
                url: assets.absolute(variant, publicBase: base), width: variant.width, height: variant.height,
                size: variant.byteSize, thumbnail: thumbnail)
        }
        let original = variants[.original]
        let played = rendition(variants[.webVideo] ?? original)
        let large = original.map { min($0.width, $0.height) >= 1080 } == true ? rendition(original) : .none
        let seconds = photo.duration.map { $0.isFinite ? Int(min(max($0.rounded(), 0), 1e9)) : 0 } ?? 0
        return PixabayVideoHit(
            id: item.number, pageURL: base + "/p/" + photo.id, type: "film", tags: item.tags.joined(separator: ", "),
            duration: seconds, videos: .init(large: large, medium: played, small: played, tiny: played),
            views: item.views, downloads: item.downloads, likes: 0, comments: 0, userId: owner.id, user: owner.name,
            userImageURL: owner.imageURL)
    }
}
