import Hummingbird
import Logging

/// One log line per request: method, path, status and duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        let start = ContinuousClock.now
        var status = HTTPResponse.Status.internalServerError
        defer {
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            context.logger.info(
                "\(request.method) \(request.uri.path) \(status.code) \(String(format: "%.1f", ms))ms")
        }
        let response = try await next(request, context)
        status = response.status
        return response
    }
}
