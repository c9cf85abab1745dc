/// One thing an app must (or would like to) have done before its first screen: fetch the session,
/// the first page, a configuration. Each has its own time-out, so one slow service cannot hold the
/// launch longer than it is worth.
public struct LaunchService: Sendable {
    public var name: String
    /// A required service's failure fails the launch; an optional one's is only reported.
    public var isRequired: Bool
    public var timeout: Duration
    public var run: @Sendable () async throws -> Void

    public init(
        name: String, isRequired: Bool = true, timeout: Duration, run: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.isRequired = isRequired
        self.timeout = timeout
        self.run = run
    }

    public static func required(
        _ name: String, timeout: Duration, run: @escaping @Sendable () async throws -> Void
    ) -> LaunchService {
        LaunchService(name: name, isRequired: true, timeout: timeout, run: run)
    }

    public static func optional(
        _ name: String, timeout: Duration, run: @escaping @Sendable () async throws -> Void
    ) -> LaunchService {
        LaunchService(name: name, isRequired: false, timeout: timeout, run: run)
    }
}
