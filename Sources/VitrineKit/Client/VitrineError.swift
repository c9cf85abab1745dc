import Foundation

/// Every failure VitrineKit reports, typed so an app can choose what to show: an offline banner, a
/// retry, a sign-in prompt.
public enum VitrineError: Error, Sendable, Equatable {
    /// The server could not be reached, or the connection dropped before the answer was whole.
    case offline(String)
    /// No answer within the time allowed.
    case timeout
    /// The server answered with an error status; `code` is its machine-readable `error.code`
    /// (`not_found`, `bad_cursor`, `unauthorized`…) when the body carried one.
    case http(status: Int, code: String?, message: String?)
    /// The answer was not what the API documents.
    case decoding(String)
    /// A body larger than the client accepts for its kind.
    case tooLarge(limit: Int)

    /// Whether trying again later may succeed: connectivity, time-outs, 5xx and 429.
    public var isTransient: Bool {
        switch self {
        case .offline, .timeout: return true
        case .http(let status, _, _): return status >= 500 || status == 429 || status == 408
        case .decoding, .tooLarge: return false
        }
    }
}
