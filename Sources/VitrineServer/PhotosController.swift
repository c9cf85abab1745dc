import Catalog
import Foundation
import Hummingbird
import VitrineAPI

/// `GET /api/v1/photos`, `GET /api/v1/photos/{id}` and `GET /api/v1/details`.
struct PhotosController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading & PhotoSets
    /// Answers kept while the change feed stays where it was.
    let answers: CachedAnswers
    /// Where items' asset URLs point (`--asset-base-url`, else this server's `/assets`).
    var assets = AssetURLs()
    /// How many matches `order=relevance` reaches: each page re-ranks and skips everything before its offset,
    /// so deep offsets cost in proportion (`serve --relevance-depth`).
    var relevanceDepth = Limits.defaultRelevanceDepth

    static var defaultLimit: Int { 20 }
    /// The largest page: what the web client asks for in a fling, where it needs a page a frame.
    static var maximumLimit: Int { 400 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("photos", use: list)
        group.get("photos/{id}", use: show)
        group.get("details", use: details)
        group.get("tags", use: tags)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let query = request.formParameters
        let limit = try Self.limit(from: query, maximum: Self.maximumLimit)
        let filter = try Self.filter(from: query)
        switch query["order"].map(String.init) ?? "newest" {
        case "newest": break
        case "relevance": return try await relevancePage(request, query: query, limit: limit, filter: filter)
        default: throw APIError(.badRequest, code: "bad_order", message: "order is newest or relevance")
        }
        let position = try Self.position(from: query)
        return try await answers.json(request) {
            guard let page = try await page(at: position, limit: limit, filter: filter) else {
                throw APIError.notFound("photo")
            }
            let body = PhotoPage(
                items: page.items.map { WireMapping.summary($0, assets: assets) },
                nextCursor: page.nextCursor?.encoded, previousCursor: page.previousCursor?.encoded, total: page.total,
                position: page.position.map {
                    PhotoPage.Position(year: $0.month.year, month: $0.month.month, offset: $0.offset)
                })
            return body.jsonBytes()
        }
    }

    /// Best matches first (`order=relevance`); the cursor is an offset, as scores move when the catalog does.
    func relevancePage(
        _ request: Request, query: Parameters, limit: Int, filter: PhotoFilter
    ) async throws
        -> Response
    {
        guard ["before", "after", "around", "month"].allSatisfy({ query[$0] == nil }),
            try Self.monthOffset(from: query) == 0
        else {
            throw APIError(
                .badRequest, code: "bad_position", message: "relevance order pages by cursor only, from the best match")
        }
        let cursor = try Self.cursor(from: query, RelevanceCursor.init(encoded:))
        let offset = cursor?.offset ?? 0
        guard offset < relevanceDepth else {
            throw APIError(
                .badRequest, code: "bad_cursor", message: "relevance order reaches the first \(relevanceDepth) matches")
        }
        // The page stops at the depth, and so does the next cursor.
        let (after, count) = (cursor, min(limit, relevanceDepth - offset))
        return try await answers.json(request) {
            let page = try await catalog.relevancePage(after: after, limit: count, filter: filter)
            let next = page.nextCursor.flatMap { $0.offset < relevanceDepth ? $0.encoded : nil }
            let body = PhotoPage(
                items: page.items.map { WireMapping.summary($0, assets: assets) }, nextCursor: next,
                total: page.total)
            return body.jsonBytes()
        }
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else {
            throw APIError(.badRequest, code: "bad_id", message: "not a photo id")
        }
        return try await answers.json(request) {
            guard let found = try await catalog.detail(id: id) else { throw APIError.notFound("photo") }
            var detail = WireMapping.detail(found.item, tags: found.tags, assets: assets)
            WireMapping.addSets(try await catalog.sets(of: id), to: &detail)
            return detail.jsonBytes()
        }
    }

    @Sendable func tags(_ request: Request, context: Context) async throws -> Response {
        try await answers.json(request) {
            let limit = try Self.limit(
                from: request.uri.queryParameters, default: Self.maximumTagList, maximum: Self.maximumTagList)
            let counts = try await catalog.tagCounts(limit: limit)
            let body = TagList(tags: counts.map { TagList.Tag(name: $0.name, count: $0.count) })
            return Array(try JSONResponse.encoder.encode(body))
        }
    }

    /// The most tags one list holds (`?limit=`, and its default): a library's keywords can run to
    /// hundreds of thousands, and the list is one answer.
    static var maximumTagList: Int { 10_000 }

    /// The `limit` parameter, 1 to `maximum`; `defaultLimit` when absent.
    static func limit(from query: Parameters, default fallback: Int = defaultLimit, maximum: Int) throws -> Int {
        guard let raw = query["limit"] else { return fallback }
        guard let parsed = Int(String(raw)), (1...maximum).contains(parsed) else {
            throw APIError(.badRequest, code: "bad_limit", message: "limit must be an integer from 1 to \(maximum)")
        }
        return parsed
    }

    /// The `cursor` parameter, nil when absent; a cursor this server did not issue is a 400.
    static func cursor<Cursor>(from query: Parameters, _ parse: (String) -> Cursor?) throws -> Cursor? {
        guard let raw = query["cursor"], !raw.isEmpty else { return nil }
        guard let parsed = parse(String(raw)) else {
            throw APIError(.badRequest, code: "bad_cursor", message: "cursor is not one this server issued")
        }
        return parsed
    }

    /// In UTF-8 bytes: one Character can carry any number of combining scalars.
    static var maximumQueryBytes: Int { 512 }
    static var maximumTags: Int { 10 }

    /// `q` (free text), repeated `tag` parameters, `album` (an id) and `favorite=true`; oversized ones are
    /// refused rather than truncated.
    static func filter(from query: Parameters) throws -> PhotoFilter {
        var filter = try Self.filter(
            q: query["q"].map(String.init), tags: query.getAll("tag").map { String($0) },
            album: query["album"].map(String.init))
        switch query["favorite"].map(String.init) {
        case nil: break
        case "true":
            guard filter.set == nil else {
                throw APIError(.badRequest, code: "bad_filter", message: "give album or favorite, not both")
            }
            filter.set = .favorites
        default: throw APIError(.badRequest, code: "bad_filter", message: "favorite takes only true")
        }
        return filter
    }

    /// The checks every filter's parts pass, from a query string or a selection's range.
    static func filter(q text: String?, tags: [String], album: String?) throws -> PhotoFilter {
        if let text, text.utf8.count > maximumQueryBytes {
            throw APIError(
                .badRequest, code: "bad_query", message: "q is longer than \(maximumQueryBytes) bytes of UTF-8")
        }
        guard tags.count <= maximumTags,
            tags.allSatisfy({ !$0.isEmpty && $0.utf8.count <= TextRules.maximumTagBytes })
        else {
            throw APIError(
                .badRequest, code: "bad_tag",
                message: "give at most \(maximumTags) tags of 1 to \(TextRules.maximumTagBytes) bytes")
        }
        if let album, !PhotoID.isValid(album) {
            throw APIError(.badRequest, code: "bad_filter", message: "album is an album id")
        }
        return PhotoFilter(query: text, tags: tags, set: album.map(PhotoSet.album))
    }
}

package enum JSONResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    package static func make(
        _ value: some Encodable, status: HTTPResponse.Status = .ok, cacheControl: String
    ) throws
        -> Response
    {
        make(bytes: try encoder.encode(value), status: status, cacheControl: cacheControl)
    }

    /// A body already written, by `JSONWriter` on the hot paths.
    package static func make(
        bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, cacheControl: String
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = cacheControl
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
