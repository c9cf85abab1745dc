import Access
import Catalog
import Foundation
import Hummingbird

/// Who a request is, as far as its credentials say, with every failed credential counted against its
/// client address (`AuthThrottle`).
///
/// Credentials are checked against the admin token's digest in the catalog, read afresh for every request
/// that carries one (one indexed read, not cached), so a rotation by any process or server applies to the
/// next request everywhere.
struct AccessGuard: Sendable {
    /// The local token file, adopted only while the catalog has no token.
    let token: AdminToken
    let settings: any SharedSettings
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

    /// The digest of the token every server accepts now. While the catalog has none (a router serving
    /// before `AdminToken.establish` ran), the local file's token is stored if absent, as a start would.
    func tokenDigest() async throws -> String? {
        if let stored = try await settings.adminTokenDigest() { return stored }
        guard let local = try token.current() else { return nil }
        return try await settings.adminTokenDigest(settingIfAbsent: AdminToken.digest(local))
    }

    /// The digest of the admin token the request bears, nil without a bearer; a wrong one is a counted
    /// failure.
    func adminDigest(_ request: Request, context: some RequestContext) async throws -> String? {
        guard let candidate = Self.bearer(request) else { return nil }
        let address = context.peerAddress
        let seen = try await throttle.check(address)
        if let digest = try await tokenDigest(), AdminToken.accepts(candidate, digest: digest) { return digest }
        try await throttle.failed(
            address, kind: "admin token", seen: seen, path: request.uri.path, logger: context.logger)
        return nil
    }

    /// True for the admin token, false without a bearer; a wrong one is a counted failure.
    func isAdmin(_ request: Request, context: some RequestContext) async throws -> Bool {
        try await adminDigest(request, context: context) != nil
    }

    /// Reads accept the bearer token or a live session cookie (images and EventSource cannot send headers).
    func canRead(_ request: Request, context: some RequestContext) async throws -> Bool {
        if try await isAdmin(request, context: context) { return true }
        guard let cookie = request.cookies[Self.sessionCookie]?.value else { return false }
        let address = context.peerAddress
        let seen = try await throttle.check(address)
        if let digest = try await tokenDigest(), try await sessions.accepts(cookie, tokenDigest: digest) { return true }
        try await throttle.failed(
            address, kind: "session", cookie: SessionStore.digest(cookie), seen: seen, path: request.uri.path,
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
            ? try await access.canRead(request, context: context) : try await access.isAdmin(request, context: context)
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
