/// Why a launch, or one of its services, failed: the reason the app's safety screen shows.
public enum LaunchFailure: Error, Sendable, Equatable {
    /// The server could not be reached.
    case offline(service: String)
    /// The server answered with an error status; `code` is its `error.code` when it sent one.
    case serverError(service: String, status: Int, code: String?)
    /// The service did not finish within its time-out.
    case timeout(service: String)
    /// Anything else: an answer that could not be read, an app's own error.
    case other(service: String, String)

    /// The service that failed.
    public var service: String {
        switch self {
        case .offline(let service), .timeout(let service), .serverError(let service, _, _),
            .other(let service, _):
            return service
        }
    }

    /// `error`, thrown by `service`, in the launch's vocabulary.
    public init(service: String, error: any Error) {
        switch error {
        case let failure as LaunchFailure:
            self = failure
        case let error as VitrineError:
            switch error {
            case .offline: self = .offline(service: service)
            case .timeout: self = .timeout(service: service)
            case .http(let status, let code, _): self = .serverError(service: service, status: status, code: code)
            case .decoding, .tooLarge: self = .other(service: service, String(describing: error))
            }
        default:
            self = .other(service: service, String(describing: error))
        }
    }
}
