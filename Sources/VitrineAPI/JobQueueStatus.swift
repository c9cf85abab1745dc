/// `GET /api/v1/jobs`: the background work queue as an admin sees it.
public struct JobQueueStatus: Codable, Sendable, Equatable {
    /// Jobs per kind and state; pairs with none are absent.
    public var counts: [JobCountItem]
    /// The waiting job enqueued first: how far behind the workers are. Null when none waits.
    public var oldestWaiting: JobItem?
    /// Jobs parked after their last attempt failed, latest first, with their errors.
    public var failures: [JobItem]

    public init(counts: [JobCountItem], oldestWaiting: JobItem?, failures: [JobItem]) {
        self.counts = counts
        self.oldestWaiting = oldestWaiting
        self.failures = failures
    }

    enum CodingKeys: String, CodingKey { case counts, oldestWaiting, failures }

    /// Writes `oldestWaiting: null` explicitly, as the schema requires the key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counts, forKey: .counts)
        try container.encode(oldestWaiting, forKey: .oldestWaiting)
        try container.encode(failures, forKey: .failures)
    }
}

/// How many jobs of one kind are in one state.
public struct JobCountItem: Codable, Sendable, Equatable {
    /// `render-variants`, `sized-variant`, `backfill`, `purge-trash`, `collect-blobs`, `transcode-video`, or a newer
    /// release's.
    public var kind: String
    /// `waiting`, `running` or `failed`.
    public var state: String
    public var count: Int

    public init(kind: String, state: String, count: Int) {
        self.kind = kind
        self.state = state
        self.count = count
    }
}

/// One queued job.
public struct JobItem: Codable, Sendable, Equatable {
    public var id: Int64
    public var kind: String
    /// What it works on: a photo id, `PHOTO_ID/EDGE`, a day count, or empty.
    public var payload: String
    public var state: String
    public var attempts: Int
    public var maxAttempts: Int
    /// ISO-8601, UTC.
    public var enqueuedAt: String
    /// The last attempt's error; null when none failed.
    public var lastError: String?

    public init(
        id: Int64, kind: String, payload: String, state: String, attempts: Int, maxAttempts: Int, enqueuedAt: String,
        lastError: String?
    ) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.state = state
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.enqueuedAt = enqueuedAt
        self.lastError = lastError
    }

    enum CodingKeys: String, CodingKey { case id, kind, payload, state, attempts, maxAttempts, enqueuedAt, lastError }

    /// Writes `lastError: null` explicitly, as the schema requires the key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(payload, forKey: .payload)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(enqueuedAt, forKey: .enqueuedAt)
        try container.encode(lastError, forKey: .lastError)
    }
}

/// `POST /api/v1/jobs/retry`: the failed jobs to put back in the queue; every one when `ids` is absent.
public struct JobRetry: Codable, Sendable, Equatable {
    public var ids: [Int64]?

    public init(ids: [Int64]?) { self.ids = ids }
}

/// What `POST /api/v1/jobs/retry` did.
public struct JobRetryResult: Codable, Sendable, Equatable {
    /// Failed jobs now waiting again (ids that were not failed jobs are skipped).
    public var retried: Int

    public init(retried: Int) { self.retried = retried }
}
