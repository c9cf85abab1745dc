import Hummingbird

/// `/`, `/p/{id}` (deep links) and `/static/<version>/<path>`: the web client.
struct WebController<Context: RequestContext>: Sendable {
    let assets: WebAssets

    func addRoutes(to router: Router<Context>) {
        router.get("/", use: index)
        router.head("/", use: index)
        router.get("p/{id}", use: index)
        router.head("p/{id}", use: index)
        router.get("static/{version}/**", use: file)
        router.head("static/{version}/**", use: file)
    }

    /// Revalidated on every visit (`no-cache`), so a new version reaches clients on their next load.
    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        let etag = "\"\(assets.version)\""
        headers[.eTag] = etag
        if BlobResponder.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: assets.index)))
    }

    /// Only names read at start-up are served: a request never reaches the file system.
    @Sendable func file(_ request: Request, context: Context) async throws -> Response {
        let version = try context.parameters.require("version")
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard version == assets.version, let file = assets.files[path] else {
            throw APIError.notFound("file")
        }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        headers[.eTag] = "\"\(assets.version)\""
        headers[.contentLength] = String(file.bytes.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
