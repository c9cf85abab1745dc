import Foundation
import Hummingbird
import VitrineAPI

/// An error the API reports as `{"error": {"code", "message"}}` with a 4xx or 5xx status.
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    /// Seconds a client should wait before trying again; sent as `Retry-After` (429s and 503s carry one).
    public var retryAfter: Int?

    public init(_ status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Self.jsonResponse(status: status, code: code, message: message)
        if let retryAfter { response.headers[.retryAfter] = String(max(1, retryAfter)) }
        return response
    }

    /// Too many requests from one client: 429 with `Retry-After`.
    static func tooManyRequests(_ message: String, retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, code: "too_many_requests", message: message, retryAfter: retryAfter)
    }

    /// A bounded resource is full: 503 with `Retry-After`, so well-behaved clients back off.
    static func busy(_ message: String, retryAfter: Int = 1) -> APIError {
        APIError(.serviceUnavailable, code: "busy", message: message, retryAfter: retryAfter)
    }

    /// The catalog cannot be reached (its server restarts, the network dropped): 503 with `Retry-After`.
    /// Nothing was half-done (catalog operations are transactions), so the client just tries again.
    static var unavailable: APIError {
        APIError(
            .serviceUnavailable, code: "unavailable",
            message: "the catalog is unavailable for a moment; try again shortly",
            retryAfter: unavailableRetryAfterSeconds)
    }

    /// Long enough for a database restart or fail-over to be over, short enough that clients come back soon.
    static let unavailableRetryAfterSeconds = 5

    static func jsonResponse(status: HTTPResponse.Status, code: String, message: String) -> Response {
        let body = (try? JSONEncoder().encode(APIErrorBody(code: code, message: message))) ?? Data()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    package static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", message: "\(what) not found")
    }
}
