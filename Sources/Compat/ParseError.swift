import Foundation
import Hummingbird
import VitrineServer

/// Parse Server's error answers: `{"code": N, "error": "…"}` with Parse's codes and statuses (404 for an
/// object not found, 400 for the rest, as Parse Server's error handler maps them), and the bare
/// `{"error":"unauthorized"}` 403 it gives a request without the right application id.
struct ParseError: HTTPResponseError, Sendable, Equatable {
    var status: HTTPResponse.Status
    var code: Int?
    var message: String

    static let objectNotFoundCode = 101
    static let invalidQueryCode = 102
    static let operationForbiddenCode = 119

    static let unauthorized = ParseError(status: .forbidden, code: nil, message: "unauthorized")
    static let objectNotFound = ParseError(status: .notFound, code: objectNotFoundCode, message: "Object not found.")

    static func invalidQuery(_ message: String) -> ParseError {
        ParseError(status: .badRequest, code: invalidQueryCode, message: message)
    }

    /// What Parse answers a write the class-level permissions forbid (ToyPhotoGallery's class is read-only).
    static func forbidden(_ action: String, className: String) -> ParseError {
        ParseError(
            status: .badRequest, code: operationForbiddenCode,
            message: "Permission denied for action \(action) on class \(className).")
    }

    struct Body: Codable, Equatable {
        var code: Int?
        var error: String
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Body(code: code, error: message))
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Lets a request into `/parse` only with the configured `X-Parse-Application-Id` (as Parse Server does;
/// `X-Parse-REST-API-Key` may come along and is not needed).
struct ParseApplicationMiddleware<Context: RequestContext>: RouterMiddleware {
    let applicationId: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[.parseApplicationId] == applicationId else {
            throw ParseError.unauthorized
        }
        return try await next(request, context)
    }
}
