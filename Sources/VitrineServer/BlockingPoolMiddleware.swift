import Scheduling
import Hummingbird

/// Makes `blocking {}` inside a request use this router's pool, sized by its `Limits`.
struct BlockingPoolMiddleware<Context: RequestContext>: RouterMiddleware {
    let pool: BoundedExecutor

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await BlockingPool.$current.withValue(pool) { try await next(request, context) }
    }
}
