import Foundation
import Hummingbird

/// Who a request is, as far as its credentials say, with every failed credential counted against its
/// client address (`AuthThrottle`).
struct AccessGuard: Sendable {
    let token: AdminToken
    let sessions: SessionStore
    let throttle: AuthThrottle

    static let sessionCookie = "vitrine_session"

    /// A bearer token from the `Authorization` header, if any.
    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// True for the admin token, false without a bearer; a wrong one is a counted failure.
    func isAdmin(_ request: Request, context: some RequestContext) throws -> Bool {
        guard let candidate = Self.bearer(request) else { return false }
        let address = context.peerAddress
        try throttle.check(address)
        if token.accepts(candidate) { return true }
        throttle.failed(address, kind: "admin token", path: request.uri.path, logger: context.logger)
        return false
    }

    /// Reads accept the bearer token or a live session cookie (images and EventSource cannot send headers).
    func canRead(_ request: Request, context: some RequestContext) async throws -> Bool {
        if try isAdmin(request, context: context) { return true }
        guard let cookie = request.cookies[Self.sessionCookie]?.value else { return false }
        let address = context.peerAddress
        try throttle.check(address)
        let sessions = sessions
        if try await sessions.accepts(cookie) { return true }
        throttle.failed(
            address, kind: "session", cookie: SessionStore.digest(cookie), path: request.uri.path,
            logger: context.logger)
        return false
    }

    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, code: "unauthorized", message: message)
    }
}

/// Lets a request through only when its credentials allow it, else answers 401 with a JSON error (429
/// once its address has failed too often).
struct RequireTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: AccessGuard
    let readsOnly: Bool
    let message: String

    /// Guards writes: only a request bearing the admin token gets through. Cookies are not enough, so a page
    /// on another site cannot make a visitor's browser write (no CSRF).
    static func admin(_ access: AccessGuard) -> Self {
        Self(access: access, readsOnly: false, message: "this needs the admin token: Authorization: Bearer <token>")
    }

    /// Guards reads on a `--private` server; their responses must not sit in shared caches.
    static func reader(_ access: AccessGuard) -> Self {
        Self(access: access, readsOnly: true, message: "this server is private: sign in with the admin token")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        let allowed =
            readsOnly
            ? try await access.canRead(request, context: context) : try access.isAdmin(request, context: context)
        guard allowed else {
            var response = try AccessGuard.unauthorized(message).response(from: request, context: context)
            response.headers[.wwwAuthenticate] = "Bearer realm=\"vitrine\""
            if request.cookies[AccessGuard.sessionCookie] != nil {
                // A session that ended: the browser stops sending it.
                response.setCookie(SessionController<Context>.clearedCookie)
            }
            return response
        }
        var response = try await next(request, context)
        if readsOnly, let cache = response.headers[.cacheControl], cache.contains("public") {
            response.headers[.cacheControl] = cache.replacingOccurrences(of: "public", with: "private")
        }
        return response
    }
}
