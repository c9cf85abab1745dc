/// Bounds every `JobQueue` keeps, so one bad caller or one huge error text cannot bloat the table.
public enum JobLimits {
    /// A payload longer than this (UTF-8 bytes) is refused at enqueue.
    public static let maximumPayload = 1024
    /// A dedup key longer than this (UTF-8 bytes) is refused at enqueue.
    public static let maximumDedupKey = 1100
    /// An error text is cut to this many characters before it is stored.
    public static let maximumErrorText = 2000
    /// Attempts allowed when a request does not say.
    public static let defaultMaxAttempts = 5
    /// No request may ask for more attempts than this.
    public static let maximumAttempts = 1000
    /// The attempt counter, which names a claim (`JobRecord`) and so only ever grows, stops here, far from
    /// overflow; so do the attempts a job is allowed, which grow when a job is handed back or revived.
    public static let attemptCounterCap: Int64 = 1 << 40
    /// Parked failures a summary lists.
    public static let summaryFailures = 100
    /// Dedup keys one `jobs(dedupKeys:)` lookup may name.
    public static let maximumKeysPerLookup = 1000

    /// `text` cut to `maximumErrorText` characters.
    public static func errorText(_ text: String) -> String {
        text.count <= maximumErrorText ? text : String(text.prefix(maximumErrorText))
    }

    /// `maxAttempts` within 1...maximumAttempts.
    public static func attempts(_ maxAttempts: Int) -> Int { min(max(1, maxAttempts), maximumAttempts) }
}

extension JobLimits {
    /// Throws `JobQueueError.invalid` for a request no queue stores.
    public static func check(_ requests: [JobRequest]) throws {
        for request in requests {
            if request.payload.utf8.count > maximumPayload {
                throw JobQueueError.invalid("a job's payload is longer than \(maximumPayload) bytes")
            }
            if let key = request.dedupKey, key.utf8.count > maximumDedupKey {
                throw JobQueueError.invalid("a job's dedup key is longer than \(maximumDedupKey) bytes")
            }
        }
    }

    /// Throws `JobQueueError.invalid` for a lookup longer than `maximumKeysPerLookup`.
    public static func checkLookup(_ keys: [String]) throws {
        guard keys.count <= maximumKeysPerLookup else {
            throw JobQueueError.invalid("a lookup names more than \(maximumKeysPerLookup) jobs")
        }
    }
}
