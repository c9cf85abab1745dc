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
            // Tenths of a millisecond in integers: Foundation's `String(format:)` was most of the line's cost.
            let elapsed = (ContinuousClock.now - start).components
            let tenths = elapsed.seconds.multipliedReportingOverflow(by: 10_000).partialValue
                &+ elapsed.attoseconds / 100_000_000_000_000
            context.logger.info(
                "\(request.method) \(request.uri.path) \(status.code) \(tenths / 10).\(tenths % 10)ms")
        }
        let response = try await next(request, context)
        status = response.status
        return response
    }
}
