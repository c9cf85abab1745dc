import Foundation
import Hummingbird

/// Who a request is, as far as the token says.
enum Access {
    /// A bearer token from the `Authorization` header, if any.
    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    static let sessionCookie = "vitrine_session"

    static func isAdmin(_ request: Request, token: AdminToken) -> Bool {
        bearer(request).map(token.accepts) ?? false
    }

    /// Reads accept the bearer token or the session cookie (images and EventSource cannot send headers).
    static func canRead(_ request: Request, token: AdminToken) -> Bool {
        if isAdmin(request, token: token) { return true }
        guard let cookie = request.cookies[sessionCookie] else { return false }
        return token.acceptsSession(cookie.value)
    }

    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, code: "unauthorized", message: message)
    }
}

/// Lets a request through only when the token allows it, else answers 401 with a JSON error.
struct RequireTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: AdminToken
    let allows: @Sendable (Request, AdminToken) -> Bool
    let message: String
    /// Private responses must not sit in shared caches (a proxy would serve them to anyone).
    var keepsResponsesPrivate = false

    /// Guards writes: only a request bearing the admin token gets through. Cookies are not enough, so a page
    /// on another site cannot make a visitor's browser write (no CSRF).
    static func admin(_ token: AdminToken) -> Self {
        Self(
            token: token, allows: Access.isAdmin,
            message: "this needs the admin token: Authorization: Bearer <token>")
    }

    /// Guards reads on a `--private` server.
    static func reader(_ token: AdminToken) -> Self {
        Self(
            token: token, allows: Access.canRead, message: "this server is private: sign in with the admin token",
            keepsResponsesPrivate: true)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard allows(request, token) else {
            var response = try Access.unauthorized(message).response(from: request, context: context)
            response.headers[.wwwAuthenticate] = "Bearer realm=\"vitrine\""
            return response
        }
        var response = try await next(request, context)
        if keepsResponsesPrivate, let cache = response.headers[.cacheControl], cache.contains("public") {
            response.headers[.cacheControl] = cache.replacingOccurrences(of: "public", with: "private")
        }
        return response
    }
}
