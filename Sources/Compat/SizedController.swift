import Blobs
import Catalog
import Hummingbird
import Imaging
import Ingest
import VitrineServer

/// `GET /api/v1/photos/{id}/sized/{edge}.jpg`: a photo fitted to 150, 640 or 1280 px on its long edge
/// (Pixabay's preview, webformat and large image), made from the original on first request.
///
/// A photo's original never changes (edits touch only its title and tags), so the URL names fixed bytes:
/// it is cached like `/assets` (a year, `immutable`) and its ETag is the blob's SHA-256.
struct SizedController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading
    let blobs: any BlobStore
    let maker: SizedVariantMaker

    static var previewEdge: Int { 150 }
    static var webformatEdge: Int { 640 }
    static var largeEdge: Int { 1280 }
    static var edges: [Int] { [previewEdge, webformatEdge, largeEdge] }

    static func path(photoId: String, edge: Int) -> String { "/api/v1/photos/\(photoId)/sized/\(edge).jpg" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("api/v1/photos/{id}/sized/{size}", use: serve)
        group.head("api/v1/photos/{id}/sized/{size}", use: serve)
    }

    @Sendable func serve(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else { throw APIError(.badRequest, code: "bad_id", message: "not a photo id") }
        let size = try context.parameters.require("size")
        let digits = size.hasSuffix(".jpg") ? String(size.dropLast(4)) : size
        guard let edge = Int(digits), Self.edges.contains(edge) else {
            throw APIError(.badRequest, code: "bad_size", message: "sizes are 150.jpg, 640.jpg and 1280.jpg")
        }
        let variant: SizedVariantRecord?
        do {
            variant = try await maker.variant(photoId: id, edge: edge)
        } catch let error as ImagingError {
            throw APIError(.unprocessableContent, code: "resize_failed", message: "\(error)")
        }
        guard let variant else { throw APIError.notFound("photo") }
        let key = variant.blobKey
        return try await BlobResponder(blobs: blobs).respond(
            key: key, mimeType: variant.mimeType, headers: [.cacheControl: "public, max-age=31536000, immutable"],
            request: request, context: context)
    }
}
