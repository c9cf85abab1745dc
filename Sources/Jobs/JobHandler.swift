import Catalog

/// What a worker does with a claimed job of one kind. It must be idempotent: a job whose lease lapsed while
/// its worker was only slow runs again elsewhere, and the second run must find the work done and write
/// nothing. Returning is success; throwing is a failed attempt, retried with back-off.
public struct JobHandler: Sendable {
    let body: @Sendable (JobRecord) async throws -> Void
    /// Told when this worker parks a job of the kind after its last attempt failed, with the error: the
    /// place to record the failure where people look (a photo that will not render says so).
    let parked: (@Sendable (JobRecord, String) async throws -> Void)?

    public init(
        _ body: @escaping @Sendable (JobRecord) async throws -> Void,
        parked: (@Sendable (JobRecord, String) async throws -> Void)? = nil
    ) {
        self.body = body
        self.parked = parked
    }

    public func run(_ job: JobRecord) async throws { try await body(job) }
}

/// A payload a handler cannot read: the attempt fails with this text, and the job is parked once its
/// attempts are used, where an admin sees it.
public struct JobPayloadError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
