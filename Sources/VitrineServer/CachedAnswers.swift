import Hummingbird

/// The read routes' answers, kept while the change feed stays where it was (`FeedPosition`,
/// `ResponseCache`).
struct CachedAnswers: Sendable {
    let position: FeedPosition
    let cache: ResponseCache

    /// The JSON answer to `request`, from the cache when one was made at the feed's current position, else
    /// made by `make` and kept. Errors are thrown, never kept. The position is read before `make` reads the
    /// catalog, so a kept answer is never older than the position it is kept at.
    func json(_ request: Request, make: () async throws -> [UInt8]) async throws -> Response {
        guard cache.isEnabled else { return JSONResponse.make(bytes: try await make(), cacheControl: "no-cache") }
        var key = request.uri.path
        if let query = request.uri.query { key += "?" + query }
        let position = try await position.current()
        if let body = cache.value(for: key, at: position) {
            return JSONResponse.make(bytes: body, cacheControl: "no-cache")
        }
        let body = try await make()
        cache.store(body, for: key, at: position)
        return JSONResponse.make(bytes: body, cacheControl: "no-cache")
    }
}

/// Forgets the feed position after every request that may write (anything but GET and HEAD), so a client
/// reads its own writes from this server at once, before any notification of them arrives.
struct FeedPositionMiddleware<Context: RequestContext>: RouterMiddleware {
    let position: FeedPosition

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        defer { position.invalidate() }
        return try await next(request, context)
    }
}
