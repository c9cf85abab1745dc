/// One queued job as its row stores it. Times are milliseconds since 1970 (`EpochMilliseconds`).
public struct JobRecord: Sendable, Equatable {
    public var id: Int64
    /// The kind as stored; `kind` is nil when this release does not know it.
    public var kindName: String
    public var payload: String
    public var priority: Int
    public var dedupKey: String?
    public var state: JobState
    /// Claims so far, this one included while running; an admin's retry starts again from 0.
    public var attempts: Int
    public var maxAttempts: Int
    /// Not claimed before this (the back-off after a failed attempt).
    public var notBefore: Int64
    /// While running: when the claim lapses unless heartbeats extend it.
    public var leaseExpiresAt: Int64?
    /// While running: who claimed it (`LeaseHolder`'s record, or any name a worker gives).
    public var worker: String?
    /// The last attempt's error, kept after a retry so that a job failing again shows why it failed before.
    public var lastError: String?
    public var enqueuedAt: Int64

    public var kind: JobKind? { JobKind(rawValue: kindName) }

    public init(
        id: Int64, kindName: String, payload: String, priority: Int, dedupKey: String?, state: JobState,
        attempts: Int, maxAttempts: Int, notBefore: Int64, leaseExpiresAt: Int64?, worker: String?,
        lastError: String?, enqueuedAt: Int64
    ) {
        self.id = id
        self.kindName = kindName
        self.payload = payload
        self.priority = priority
        self.dedupKey = dedupKey
        self.state = state
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.notBefore = notBefore
        self.leaseExpiresAt = leaseExpiresAt
        self.worker = worker
        self.lastError = lastError
        self.enqueuedAt = enqueuedAt
    }
}
