import Blobs
import Catalog
import Foundation
import Hummingbird
import VitrineServer

/// Counts what the Pixabay API reports as `views` and `downloads`:
/// `POST /api/v1/photos/{id}/view` when the viewer opens a photo (204, nothing to read), and
/// `GET /api/v1/photos/{id}/download`, which serves the original as an attachment and counts it.
struct CountersController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading & PhotoWriting
    let blobs: any BlobStore

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("photos/{id}/view", use: view)
        group.get("photos/{id}/download", use: download)
        group.head("photos/{id}/download", use: download)
    }

    static func photoID(_ context: Context) throws -> String {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else { throw APIError(.badRequest, code: "bad_id", message: "not a photo id") }
        return id
    }

    @Sendable func view(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.photoID(context)
        guard try await catalog.increment(.views, photoId: id) else {
            throw APIError.notFound("photo")
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    @Sendable func download(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.photoID(context)
        guard let item = try await catalog.photo(id: id), let original = item.variants[.original]
        else { throw APIError.notFound("photo") }
        var headers = HTTPFields()
        // Not cached: every download must reach the server to be counted.
        headers[.cacheControl] = "private, no-cache"
        headers[.contentDisposition] = Self.attachment(
            name: item.photo.originalName, fallbackExtension: WireMapping.fileExtension(mimeType: original.mimeType))
        let response = try await BlobResponder(blobs: blobs).respond(
            key: original.blobKey, mimeType: original.mimeType, headers: headers, request: request, context: context)
        // One download per fetch from the first byte: resumed ranges, HEAD and 304s are not new downloads.
        let fromStart =
            response.status == .ok
            || (response.status == .partialContent && response.headers[.contentRange]?.hasPrefix("bytes 0-") == true)
        if request.method == .get, fromStart {
            _ = try await catalog.increment(.downloads, photoId: id)
        }
        return response
    }

    /// `attachment; filename="…"; filename*=UTF-8''…`: an ASCII-only fallback name (quotes, slashes and
    /// controls replaced) and the real name percent-encoded (RFC 6266).
    static func attachment(name: String, fallbackExtension: String) -> String {
        let base = name.isEmpty ? "photo.\(fallbackExtension)" : name
        let ascii = String(
            base.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || ".-_ ()".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            }.prefix(200))
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_")
        let encoded = String(base.prefix(200)).addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
