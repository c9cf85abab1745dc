import Catalog
import Hummingbird
import VitrineAPI

extension PhotosController {
    /// The largest page of details: each is about 1 kB of JSON, so 200 keep a page near 200 kB.
    static var maximumDetailLimit: Int { 200 }

    /// `GET /api/v1/details`: the newest-first order page by page, as `GET /api/v1/photos` with a cursor, each
    /// item the photo's full record. A client that keeps every detail (a mirror, a backup) makes one request
    /// per page instead of one per photo; the page's tags are one catalog read, not one per photo.
    @Sendable func details(_ request: Request, context: Context) async throws -> Response {
        let query = request.formParameters
        let limit = try Self.limit(from: query, maximum: Self.maximumDetailLimit)
        let filter = try Self.filter(from: query)
        let cursor = try Self.cursor(from: query, PageCursor.init(encoded:))
        return try await answers.json(request) {
            let page = try await catalog.page(after: cursor, limit: limit, filter: filter)
            let tags = try await catalog.tags(of: page.items.map(\.photo.id))
            let body = PhotoDetailPage(
                items: page.items.map { WireMapping.detail($0, tags: tags[$0.photo.id] ?? [], assets: assets) },
                nextCursor: page.nextCursor?.encoded, total: page.total)
            return body.jsonBytes()
        }
    }
}
