/// A job to enqueue.
public struct JobRequest: Sendable, Equatable {
    public var kind: JobKind
    /// What the job works on (a photo id, `PHOTO_ID/EDGE`, or empty), at most `JobLimits.maximumPayload`
    /// UTF-8 bytes.
    public var payload: String
    /// Higher runs first; equal priorities run oldest first.
    public var priority: Int
    /// Jobs with the same key are one job while it is queued, running or parked: enqueuing it again adds no
    /// row (and raises the waiting row's priority to the higher of the two). Nil never deduplicates.
    public var dedupKey: String?
    /// Claims allowed before the job is parked as failed, at least 1.
    public var maxAttempts: Int

    /// A job deduplicated by its kind and payload unless `deduplicated` is false: the usual case is one
    /// render of a photo at a time.
    public init(
        _ kind: JobKind, payload: String = "", priority: Int = JobPriority.normal, deduplicated: Bool = true,
        maxAttempts: Int = JobLimits.defaultMaxAttempts
    ) {
        self.kind = kind
        self.payload = payload
        self.priority = priority
        self.dedupKey = deduplicated ? "\(kind.rawValue):\(payload)" : nil
        self.maxAttempts = maxAttempts
    }
}

/// Priorities the app uses; any `Int` is valid.
public enum JobPriority {
    /// Work a person is waiting for (an upload's render).
    public static let interactive = 100
    public static let normal = 0
    /// Bulk work that may wait (a backfill, an import of many files).
    public static let background = -100
}
