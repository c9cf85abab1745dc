import Blobs
import Catalog
import Foundation
import Hummingbird
import Ingest
import VitrineAPI
import VitrineCore

/// The admin's trash: `GET /api/v1/trash` (pages), `POST /api/v1/trash/restore`, `DELETE /api/v1/trash`
/// (empty it), and a trashed photo's files at `/api/v1/trash/{id}/{thumb|preview|original}`, which no
/// public URL reaches any more.
struct TrashController<Context: RequestContext>: Sendable {
    let library: Library
    let days: Int

    static var maximumLimit: Int { 200 }

    /// `writes` takes the admin's bearer token; `signedIn` also the session cookie the token bought, since
    /// an `<img>` cannot send a header (reads only, so a cross-site request gains nothing).
    func addRoutes(writes: RouterGroup<Context>, signedIn: RouterGroup<Context>) {
        writes.get("trash", use: list)
        writes.post("trash/restore", use: restore)
        writes.delete("trash", use: empty)
        signedIn.get("trash/{id}/{file}", use: file)
        signedIn.head("trash/{id}/{file}", use: file)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let query = request.uri.queryParameters
        let limit = try PhotosController<Context>.limit(from: query, maximum: Self.maximumLimit)
        let cursor = try PhotosController<Context>.cursor(from: query, PageCursor.init(encoded:))
        let page = try await library.catalog.trashPage(after: cursor, limit: limit)
        let list = TrashList(
            items: page.items.map(item), nextCursor: page.nextCursor?.encoded, total: page.total, days: days)
        return try JSONResponse.make(list, cacheControl: "no-store")
    }

    func item(_ trashed: TrashedPhoto) -> TrashItem {
        let photo = trashed.item.photo
        let base = "/api/v1/trash/\(photo.id)/"
        let purgeAt = trashed.trashedAt.addingReportingOverflow(Int64(days) * 86_400_000).partialValue
        return TrashItem(
            id: photo.id, width: photo.width, height: photo.height, title: photo.title ?? photo.originalName,
            takenAt: WireMapping.takenAt(photo), placeholder: WireMapping.placeholder(photo), thumb: base + "thumb",
            preview: base + "preview", original: base + "original",
            trashedAt: TimestampFormatter.string(milliseconds: trashed.trashedAt, offsetMinutes: 0),
            purgeAt: TimestampFormatter.string(milliseconds: purgeAt, offsetMinutes: 0))
    }

    @Sendable func restore(_ request: Request, context: Context) async throws -> Response {
        var request = request
        let ids = try await request.decodeJSON(PhotoIDs.self, limit: 1 << 20, expected: #"{"ids": [photo id, …]}"#)
            .validated()
        var result = RestoreResult()
        for id in ids {
            switch try await library.restoreFromTrash(id: id) {
            case .restored: result.restored.append(id)
            case .merged(let live): result.merged[id] = live
            case nil: result.missing.append(id)
            }
        }
        return try JSONResponse.make(result, cacheControl: "no-store")
    }

    @Sendable func empty(_ request: Request, context: Context) async throws -> Response {
        try await library.purgeTrash(olderThanDays: nil)
        return Response(status: .noContent)
    }

    @Sendable func file(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else { throw APIError(.badRequest, code: "bad_id", message: "not a photo id") }
        let kinds: [VariantKind] =
            switch context.parameters.get("file") {
            case "thumb": [.thumbJPEG, .thumbWebP]
            case "preview": [.preview]
            case "original": [.original]
            default: throw APIError.notFound("file")
            }
        guard let trashed = try await library.catalog.trashedPhoto(id: id),
            let variant = kinds.lazy.compactMap({ trashed.item.variants[$0] }).first
        else { throw APIError.notFound("photo") }
        return try await BlobResponder(blobs: library.blobs).respond(
            key: variant.blobKey, mimeType: variant.mimeType, headers: [.cacheControl: "private, no-cache"],
            request: request, context: context)
    }

}
