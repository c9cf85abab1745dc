import Catalog

extension MeteredCatalog {
    @discardableResult
    public func enqueue(_ jobs: [JobRequest], now: Int64) async throws -> Int {
        try await metered(.enqueue) { try await base.enqueue(jobs, now: now) }
    }

    public func claimJob(
        kinds: Set<JobKind>, worker: String, leaseMilliseconds: Int64, now: Int64
    ) async throws -> JobRecord? {
        try await metered(.claimJob) {
            try await base.claimJob(kinds: kinds, worker: worker, leaseMilliseconds: leaseMilliseconds, now: now)
        }
    }

    public func extendLease(of job: JobRecord, leaseMilliseconds: Int64, now: Int64) async throws -> JobRecord? {
        try await metered(.extendLease) {
            try await base.extendLease(of: job, leaseMilliseconds: leaseMilliseconds, now: now)
        }
    }

    @discardableResult
    public func completeJob(_ job: JobRecord) async throws -> Bool {
        try await metered(.completeJob) { try await base.completeJob(job) }
    }

    @discardableResult
    public func releaseJob(_ job: JobRecord, now: Int64) async throws -> Bool {
        try await metered(.releaseJob) { try await base.releaseJob(job, now: now) }
    }

    @discardableResult
    public func failJob(
        _ job: JobRecord, error: String, backoff: JobBackoff, now: Int64
    ) async throws -> JobFailureOutcome? {
        try await metered(.failJob) { try await base.failJob(job, error: error, backoff: backoff, now: now) }
    }

    @discardableResult
    public func retryFailedJobs(ids: [Int64]?, now: Int64) async throws -> Int {
        try await metered(.retryFailedJobs) { try await base.retryFailedJobs(ids: ids, now: now) }
    }

    public func jobSummary() async throws -> JobSummary {
        try await metered(.jobSummary) { try await base.jobSummary() }
    }

    public func jobs(dedupKeys: [String]) async throws -> [JobRecord] {
        try await metered(.jobsByKey) { try await base.jobs(dedupKeys: dedupKeys) }
    }

    public func observeJobs(_ onEnqueue: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        try await metered(.observeJobs) { try await base.observeJobs(onEnqueue) }
    }
}
