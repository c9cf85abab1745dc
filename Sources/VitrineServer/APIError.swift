import Foundation
import Hummingbird
import VitrineAPI

/// An error the API reports as `{"error": {"code", "message"}}` with a 4xx or 5xx status.
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String

    public init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.jsonResponse(status: status, code: code, message: message)
    }

    static func jsonResponse(status: HTTPResponse.Status, code: String, message: String) -> Response {
        let body = (try? JSONEncoder().encode(APIErrorBody(code: code, message: message))) ?? Data()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", message: "\(what) not found")
    }
}
