import Catalog
import Hummingbird
import Logging
import Scheduling

/// Turns every error, including Hummingbird's own (unknown route, bad method), into the API's JSON shape,
/// an unreachable catalog into 503 `unavailable` with `Retry-After`, and anything unexpected into a logged
/// 500 that reveals nothing internal.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The router's paths and their methods: a 404 from the router at a path it has becomes a 405.
    let methods: RouteMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as BusyError {
            return try APIError.busy(error.message, retryAfter: error.retryAfterSeconds).response(
                from: request, context: context)
        } catch CatalogError.unavailable(let reason) {
            // The detail (a host, a driver's message) is for the operator's log, not for clients.
            context.logger.warning("catalog unavailable", metadata: ["error": .string(reason)])
            return try APIError.unavailable.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = methods.allowed(at: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else {
                return APIError.jsonResponse(status: .notFound, code: "not_found", message: error.body ?? "Not Found")
            }
            var response = APIError.jsonResponse(
                status: .methodNotAllowed, code: "method_not_allowed",
                message: "\(request.method.rawValue) is not allowed here; use \(allowed.joined(separator: ", "))")
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
        } catch let error as HTTPError {
            let code =
                switch error.status {
                case .notFound: "not_found"
                case .methodNotAllowed: "method_not_allowed"
                case .contentTooLarge: "too_large"
                default: error.status.code < 500 ? "bad_request" : "internal"
                }
            let message = error.body ?? error.status.reasonPhrase
            return APIError.jsonResponse(status: error.status, code: code, message: message)
        } catch let error as HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch {
            context.logger.error("unhandled error", metadata: ["error": .string(String(describing: error))])
            return APIError.jsonResponse(status: .internalServerError, code: "internal", message: "internal error")
        }
    }
}
