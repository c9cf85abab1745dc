import Blobs
import Catalog
import Foundation
import Hummingbird

/// `GET /assets/<sha256>[.ext]`: immutable, content-addressed files streamed from the blob store.
///
/// The name is the bytes' SHA-256, so the strong ETag is the key itself and a year of `immutable`
/// caching is safe. The thumb's URL names its WebP bytes; clients that do not accept WebP get the
/// JPEG sibling instead, hence `Vary: Accept` on thumbs.
struct AssetsController<Context: RequestContext>: Sendable {
    let catalog: PhotoCatalog
    let blobs: FileBlobStore
    let fileIO = FileIO()

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
        guard let requested = try await blocking({ try catalog.variant(blobKey: key.hex) }) else {
            throw APIError.notFound("asset")
        }
        var variant = requested
        let vary = requested.kind == .thumbWebP || requested.kind == .thumbJPEG
        if vary {
            let wanted: VariantKind =
                Self.accepts(request.headers[.accept], "image/webp") ? .thumbWebP : .thumbJPEG
            if requested.kind != wanted,
                let sibling = try await blocking({ try catalog.variant(photoId: requested.photoId, kind: wanted) })
            {
                variant = sibling
            }
        }
        guard let servedKey = BlobKey(hex: variant.blobKey), let path = blobs.localPath(for: servedKey),
            let size = try await blocking({ try blobs.size(of: servedKey) })
        else {
            throw APIError.notFound("asset")
        }

        var headers = HTTPFields()
        let etag = "\"\(servedKey.hex)\""
        headers[.eTag] = etag
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        headers[.acceptRanges] = "bytes"
        if vary { headers[.vary] = "Accept" }

        if Self.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = variant.mimeType

        var range = ByteRange(header: request.headers[.range], size: size)
        // If-Range with a different validator means "the whole thing, it changed" (it never does here).
        if let ifRange = request.headers[.ifRange], ifRange != etag { range = .whole }

        switch range {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return APIError.jsonResponse(
                status: .rangeNotSatisfiable, code: "bad_range", message: "range outside the file"
            ).withHeaders(headers)
        case .whole:
            headers[.contentLength] = String(size)
            if request.method == .head || size == 0 { return Response(status: .ok, headers: headers) }
            let body = try await fileIO.loadFile(path: path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
            headers[.contentLength] = String(bytes.count)
            if request.method == .head { return Response(status: .partialContent, headers: headers) }
            let body = try await fileIO.loadFile(
                path: path, range: Int(bytes.lowerBound)...Int(bytes.upperBound), context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
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

    /// `If-None-Match` uses weak comparison: `W/"x"` matches `"x"`, and `*` matches anything.
    static func matches(ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}

extension Response {
    func withHeaders(_ extra: HTTPFields) -> Response {
        var copy = self
        for field in extra where copy.headers[field.name] == nil { copy.headers.append(field) }
        return copy
    }
}
