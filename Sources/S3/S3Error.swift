/// What the S3 client reports once retries are spent (or for answers no retry can change).
public enum S3Error: Error, Equatable, CustomStringConvertible {
    /// The store answered an error: the operation, the HTTP status, S3's error code and message.
    case remote(operation: String, status: Int, code: String, message: String)
    /// No answer: the connection failed, broke or timed out.
    case transport(operation: String, message: String)
    /// The store answered something that is not what S3 answers.
    case malformedResponse(operation: String, message: String)

    public var description: String {
        switch self {
        case .remote(let operation, let status, let code, let message):
            "S3 \(operation) failed: \(status) \(code): \(message)"
        case .transport(let operation, let message): "S3 \(operation) failed: \(message)"
        case .malformedResponse(let operation, let message): "S3 \(operation) answered unexpectedly: \(message)"
        }
    }

    /// The error an S3 error body describes (`<Error><Code>…</Code><Message>…</Message></Error>`), or one named
    /// after the status when the body is empty (HEAD) or not XML.
    static func fromResponse(operation: String, status: Int, body: [UInt8]) -> S3Error {
        let document = XMLElement.parse(body)
        let error = document?.name == "Error" ? document : document?.first("Error")
        if let error, let code = error.text(of: "Code") {
            return .remote(operation: operation, status: status, code: code, message: error.text(of: "Message") ?? "")
        }
        let code =
            switch status {
            case 400: "BadRequest"
            case 403: "Forbidden"
            case 404: "NotFound"
            case 412: "PreconditionFailed"
            case 503: "ServiceUnavailable"
            default: "HTTP\(status)"
            }
        return .remote(operation: operation, status: status, code: code, message: "")
    }

    /// Whether another attempt may succeed: 5xx, 429, throttling and timeout codes, and transport failures.
    var isRetryable: Bool {
        switch self {
        case .remote(_, let status, let code, _):
            status >= 500 || status == 429
                || ["SlowDown", "Throttling", "ThrottlingException", "RequestTimeout", "InternalError"]
                    .contains(code)
        case .transport: true
        case .malformedResponse: false
        }
    }
}
