import HTTPTypes
import Hummingbird

/// Refuses a state-changing request (any method but GET, HEAD and OPTIONS) that a browser says another
/// site started (`Sec-Fetch-Site: cross-site` or `same-site`), with 403 `cross_site`; and the change feed's
/// stream likewise, whatever the method: each holds one of the few places a client address has, so a page
/// elsewhere opening streams in its visitors' browsers would take the gallery's own.
///
/// The owner's writes already need the admin token in a header, which no cross-site form can send; but
/// cookies ride along on a form post: the sign-out, a link's password form and its uploads take one. Every
/// browser Vitrine's client runs in sends `Sec-Fetch-Site`, computed by the browser itself, so no proxy in
/// front can spoil it as it can `Host`. Clients that are not browsers send none and are let through.
struct CrossSiteMiddleware<Context: RequestContext>: RouterMiddleware {
    static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if ![.get, .head, .options].contains(request.method) || request.uri.path == "/api/v1/events",
            let site = request.headers[Self.fetchSite]?.lowercased(), site == "cross-site" || site == "same-site"
        {
            throw APIError(.forbidden, code: "cross_site", message: "another site cannot make this request")
        }
        return try await next(request, context)
    }
}
