/// What a successful launch did: which services finished, which optional ones failed and why, and how
/// long each took (a timed-out service counts its time-out).
public struct LaunchReport: Sendable, Equatable {
    public var succeeded: Set<String>
    public var failedOptional: [String: LaunchFailure]
    public var durations: [String: Duration]

    public init(
        succeeded: Set<String> = [], failedOptional: [String: LaunchFailure] = [:],
        durations: [String: Duration] = [:]
    ) {
        self.succeeded = succeeded
        self.failedOptional = failedOptional
        self.durations = durations
    }
}
