/// What an admin sees of the queue.
public struct JobSummary: Sendable, Equatable {
    /// Jobs per kind (as stored) and state; kinds and states with none are absent.
    public var counts: [JobCount]
    /// The waiting job enqueued first, whatever its priority or back-off: how far behind the workers are.
    public var oldestWaiting: JobRecord?
    /// Parked failures with their errors, most recently enqueued first, at most
    /// `JobLimits.summaryFailures`.
    public var failures: [JobRecord]

    public init(counts: [JobCount], oldestWaiting: JobRecord?, failures: [JobRecord]) {
        self.counts = counts
        self.oldestWaiting = oldestWaiting
        self.failures = failures
    }

    /// The number of jobs in `state`, of every kind.
    public func count(_ state: JobState) -> Int {
        counts.filter { $0.state == state }.reduce(0) { $0 &+ $1.count }
    }
}

/// How many jobs of one kind are in one state.
public struct JobCount: Sendable, Equatable {
    public var kindName: String
    public var state: JobState
    public var count: Int

    public init(kindName: String, state: JobState, count: Int) {
        self.kindName = kindName
        self.state = state
        self.count = count
    }
}
