import HTTPTypes
import Hummingbird
import Metering

/// Counts each request by route, method and status, times it, and keeps the in-flight gauge. Hummingbird's
/// own `MetricsMiddleware` records through the process-global metrics system, which cannot give each
/// application its own registry (see `VitrineMetrics`), so this one takes the application's.
///
/// It is the outermost middleware, so the status is the one the client gets (errors already mapped) and the
/// time includes every other middleware. The time ends when the response is ready to write, not when its
/// body has been sent: following the body means wrapping it in a closure, which would cost in-memory
/// bodies (pages, JSON) Hummingbird's single batched write of head and body. Streamed bodies (assets,
/// event streams) are therefore timed to their head; open event streams have their own gauge.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: VitrineMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let method = RequestKey.method(request.method)
        metrics.requestsInFlight.increment()
        defer { metrics.requestsInFlight.decrement() }
        do {
            let response = try await next(request, context)
            record(route: context.endpointPath, method: method, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(route: context.endpointPath, method: method, status: status, since: start)
            throw error
        }
    }

    private func record(route: String?, method: String, status: Int, since start: ContinuousClock.Instant) {
        // Hummingbird names no route, or `NotFound`, when none matched; route patterns all start with "/".
        let route = route.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "unmatched"
        metrics.recordRequest(
            RequestKey(route: route, method: method, status: status),
            nanoseconds: start.duration(to: .now).wholeNanoseconds)
    }
}
