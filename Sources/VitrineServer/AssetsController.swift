import Blobs
import Catalog
import Foundation
import Hummingbird

/// `GET /assets/<sha256>[.ext]`: immutable, content-addressed files streamed from the blob store.
///
/// The name is the bytes' SHA-256, so the strong ETag is the key itself and a year of `immutable`
/// caching is safe. The thumbs' URLs name their WebP bytes; clients that do not accept WebP get the
/// JPEG thumb instead, hence `Vary: Accept` on thumbs (the small thumb is a JPEG for everyone).
struct AssetsController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading
    let blobs: any BlobStore

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("assets/{name}", use: serve)
        router.head("assets/{name}", use: serve)
    }

    @Sendable func serve(_ request: Request, context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let keyText = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        guard let key = BlobKey(hex: keyText) else {
            throw APIError(.badRequest, code: "bad_asset", message: "asset names are a SHA-256 in hex")
        }
        guard let requested = try await catalog.variant(blobKey: key) else {
            throw APIError.notFound("asset")
        }
        var variant = requested
        let vary = [.thumbWebP, .thumbJPEG].contains(requested.kind)
        if vary {
            let webp = Self.accepts(request.headers[.accept], "image/webp")
            let wanted: VariantKind = !webp ? .thumbJPEG : requested.kind == .thumbJPEG ? .thumbWebP : requested.kind
            if requested.kind != wanted,
                let sibling = try await catalog.variant(photoId: requested.photoId, kind: wanted)
            {
                variant = sibling
            }
        }
        let servedKey = variant.blobKey
        var headers = HTTPFields()
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        if vary { headers[.vary] = "Accept" }
        return try await BlobResponder(blobs: blobs).respond(
            key: servedKey, mimeType: variant.mimeType, headers: headers, request: request, context: context)
    }

    /// True when `accept` lists `type` with a non-zero quality.
    static func accepts(_ accept: String?, _ type: String) -> Bool {
        guard let accept else { return false }
        for entry in accept.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first?.lowercased() == type else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }
}

extension Response {
    func withHeaders(_ extra: HTTPFields) -> Response {
        var copy = self
        for field in extra where copy.headers[field.name] == nil { copy.headers.append(field) }
        return copy
    }
}
