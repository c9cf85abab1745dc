import Hummingbird
import VitrineAPI

/// `GET/POST/DELETE /api/v1/session`: lets the web client check a token and, on a private server, trade it
/// for the read-only cookie that `<img>` and `EventSource` requests carry.
struct SessionController<Context: RequestContext>: Sendable {
    let token: AdminToken
    let isPrivate: Bool

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("session", use: show)
        group.post("session", use: create)
        group.delete("session", use: end)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        try JSONResponse.make(
            SessionInfo(private: isPrivate, admin: Access.isAdmin(request, token: token)), cacheControl: "no-store")
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        guard Access.isAdmin(request, token: token), let value = token.sessionValue() else {
            throw Access.unauthorized("send the admin token as Authorization: Bearer <token>")
        }
        var response = try JSONResponse.make(SessionInfo(private: isPrivate, admin: true), cacheControl: "no-store")
        response.setCookie(
            try Cookie.validated(
                name: Access.sessionCookie, value: value, maxAge: 30 * 24 * 3600, path: "/", httpOnly: true,
                sameSite: .strict))
        return response
    }

    @Sendable func end(_ request: Request, context: Context) async throws -> Response {
        var response = Response(status: .noContent)
        response.setCookie(
            try Cookie.validated(
                name: Access.sessionCookie, value: "deleted", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }
}
