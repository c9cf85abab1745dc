import Hummingbird
import VitrineServer

/// A Pixabay-style error: a 4xx status and a plain-text body such as `[ERROR 400] "page" is out of valid range.`
struct PixabayError: HTTPResponseError, Sendable, Equatable {
    var status: HTTPResponse.Status
    var message: String
    /// Rate-limit headers, when the request carried a valid key.
    var headers = HTTPFields()

    static let invalidKey = PixabayError(status: .badRequest, message: "Invalid or missing API key")
    static let tooManyRequests = PixabayError(status: .tooManyRequests, message: "Too many requests")

    /// The wording Pixabay uses for a parameter whose value it refuses.
    static func outOfRange(_ parameter: String) -> PixabayError {
        PixabayError(status: .badRequest, message: "\"\(parameter)\" is out of valid range.")
    }

    var body: String { "[ERROR \(status.code)] \(message)" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
