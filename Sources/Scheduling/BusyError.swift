/// A bounded resource refused work because it is full; the server answers 503 `busy` with `Retry-After`, so
/// well-behaved clients back off.
public struct BusyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the refusal tells the client, e.g. "too many renders waiting".
    public var message: String
    public var retryAfterSeconds: Int

    public init(message: String, retryAfterSeconds: Int = 1) {
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String { message }
}
