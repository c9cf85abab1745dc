/// A durable queue of background work, kept in the catalog so that every server and worker sharing the
/// catalog shares the queue, with nothing else to run.
///
/// A claim takes the waiting job of highest priority, oldest first, among the kinds the worker has room
/// for, and leases it: the worker extends the lease while it works (`extendLease`), and a lease that lapses
/// (a worker killed or cut off) returns the job to the queue at the next claim. Every claim counts as an
/// attempt; a failure waits `JobBackoff` before the next, and the job is parked as `failed`, with its error,
/// once its attempts are used, including attempts whose worker died. A job is completed by deleting it.
///
/// A claimed job is named by its id and its attempt number together (`JobRecord`): once a lapsed lease
/// has been claimed again, the first worker's heartbeat, completion or failure changes nothing and says so.
/// Handlers must therefore be idempotent: a job can run twice (a lapsed lease whose worker was only slow).
///
/// Times are milliseconds since 1970 and passed in, so tests move the clock.
public protocol JobQueue: Sendable {
    /// Adds the jobs, one transaction, and wakes waiting workers. A request whose dedup key is already
    /// queued, running or parked adds nothing (a waiting row takes the higher priority), except that a
    /// parked job of a kind revived by enqueue (`JobKind.isRevivedByEnqueue`) goes back in the queue, due at
    /// `now` with the request's attempts to come. Returns how many rows were added or revived. Throws `JobQueueError.invalid`
    /// for an oversized payload or key.
    @discardableResult
    func enqueue(_ jobs: [JobRequest], now: Int64) async throws -> Int
    /// Claims the next job of one of `kinds` for `worker`, leased until `now + leaseMilliseconds`; nil when
    /// none is due. Lapsed leases of every kind are returned to the queue (or parked) first.
    func claimJob(
        kinds: Set<JobKind>, worker: String, leaseMilliseconds: Int64, now: Int64
    ) async throws -> JobRecord?
    /// Extends a claimed job's lease to `now + leaseMilliseconds`. Returns the job as it now stands, or nil
    /// when the claim is no longer this worker's (it lapsed and was claimed again, or an admin changed it).
    func extendLease(of job: JobRecord, leaseMilliseconds: Int64, now: Int64) async throws -> JobRecord?
    /// Deletes a claimed job; false when the claim is no longer this worker's.
    @discardableResult
    func completeJob(_ job: JobRecord) async throws -> Bool
    /// Hands a claimed job back unfinished (its worker is stopping), due at `now`, with one more attempt
    /// allowed: a job is never parked by the stops of the workers that held it. (The attempt counter itself
    /// only grows: it names the claims.) False when the claim is
    /// no longer this worker's.
    @discardableResult
    func releaseJob(_ job: JobRecord, now: Int64) async throws -> Bool
    /// Records a failed attempt with its error: waits for a retry, or parks the job when its attempts are
    /// used. Nil when the claim is no longer this worker's.
    @discardableResult
    func failJob(_ job: JobRecord, error: String, backoff: JobBackoff, now: Int64) async throws -> JobFailureOutcome?
    /// Puts parked failures back in the queue with fresh attempts (those of `ids`, or all when nil), due at
    /// `now`. Returns how many.
    @discardableResult
    func retryFailedJobs(ids: [Int64]?, now: Int64) async throws -> Int
    /// Counts by kind and state, the oldest waiting job and the latest parked failures.
    func jobSummary() async throws -> JobSummary
    /// The jobs still queued, running or parked among those with these dedup keys (at most
    /// `JobLimits.maximumKeysPerLookup`; more throws `JobQueueError.invalid`). A key without a row is a job
    /// done, or never queued: an import follows its own jobs this way, whichever worker runs them.
    func jobs(dedupKeys: [String]) async throws -> [JobRecord]
    /// Calls `onEnqueue` when jobs may have been added: by any process on PostgreSQL (`LISTEN`), by this
    /// process on SQLite. Workers poll as well, so a missed call only delays a job.
    func observeJobs(_ onEnqueue: @escaping @Sendable () -> Void) async throws -> ChangeObservation
}

/// What a job queue refuses.
public enum JobQueueError: Error, Equatable {
    /// A request's payload or dedup key is longer than `JobLimits` allows.
    case invalid(String)
    /// A stored row holds a state this release does not write (a newer release's row): reported, not guessed.
    case unreadable(String)
}
