import HTTPTypes
import Hummingbird
import VitrineAPI

/// `GET/POST/DELETE /api/v1/session`: lets the web client check a token and, on a private server, trade it
/// for the read-only cookie that `<img>` and `EventSource` requests carry.
struct SessionController<Context: RequestContext>: Sendable {
    let access: AccessGuard
    let isPrivate: Bool
    /// `Secure` on every cookie: the public URL is https.
    let securesCookies: Bool

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("session", use: show)
        group.post("session", use: create)
        group.delete("session", use: end)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        try JSONResponse.make(
            SessionInfo(private: isPrivate, admin: try await access.isAdmin(request, context: context)),
            cacheControl: "no-store")
    }

    /// Each sign-in is a new random session; only its digest is kept.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        guard let tokenDigest = try await access.adminDigest(request, context: context) else {
            throw AccessGuard.unauthorized("send the admin token as Authorization: Bearer <token>")
        }
        let sessions = access.sessions
        let value = try await sessions.create(tokenDigest: tokenDigest)
        var response = try JSONResponse.make(SessionInfo(private: isPrivate, admin: true), cacheControl: "no-store")
        response.setCookie(
            try Cookie.validated(
                name: AccessGuard.sessionCookie, value: value, maxAge: sessions.lifetimeSeconds, path: "/",
                secure: isSecure(context), httpOnly: true, sameSite: .strict))
        return response
    }

    /// Signs out: the session ends on the server too, so a copied cookie stops working.
    @Sendable func end(_ request: Request, context: Context) async throws -> Response {
        if let value = request.cookies[AccessGuard.sessionCookie]?.value {
            let sessions = access.sessions
            try await sessions.revoke(value)
        }
        var response = Response(status: .noContent)
        response.setCookie(Self.clearedCookie)
        return response
    }

    /// Secure when the public URL is https, or when the trusted proxy says the client used https
    /// (`VitrineRequestContext.forwardedProto` is nil unless `--trust-proxy` is on).
    func isSecure(_ context: Context) -> Bool {
        securesCookies || (context as? VitrineRequestContext)?.forwardedProto?.lowercased() == "https"
    }

    static var clearedCookie: Cookie {
        Cookie(
            name: AccessGuard.sessionCookie, value: "deleted", maxAge: 0, path: "/", httpOnly: true,
            sameSite: .strict)
    }
}
