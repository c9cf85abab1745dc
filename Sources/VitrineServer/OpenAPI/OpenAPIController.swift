import Hummingbird

/// `GET /api/v1/openapi.json`: the API's description, public even on a `--private` server (it holds no data).
struct OpenAPIController<Context: RequestContext>: Sendable {
    func addRoutes(to group: RouterGroup<Context>) {
        group.get("openapi.json", use: document)
    }

    /// Revalidated on every use (`no-cache`) against an ETag of the bytes, which change only with the binary.
    @Sendable func document(_ request: Request, context: Context) async throws -> Response {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-cache"
        headers[.eTag] = OpenAPIDocument.etag
        if BlobResponder.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: OpenAPIDocument.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
    }
}
