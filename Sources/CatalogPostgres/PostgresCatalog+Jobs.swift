import Catalog
import PostgresNIO

/// The job queue, as `JobQueue` describes it, shared by every server and worker on the database.
///
/// A claim picks its row with `FOR UPDATE SKIP LOCKED`: claimers running at once each lock a different
/// row instead of queueing on the first, and a row another claim already took (committed as `running`)
/// fails the re-check and is skipped. Lapsed leases are swept the same way, so two sweeps never wait on
/// each other. Enqueues and retries `NOTIFY vitrine_jobs` (delivered at commit) to wake workers.
///
/// Claims and completions commit asynchronously (`synchronous_commit = off` for their transaction only):
/// the WAL flush they skip was most of their time, and what a crash can lose of them costs nothing. A lost
/// claim leaves the job waiting, and its worker's completion then changes nothing; a lost completion runs
/// the job again, which handlers allow (they are idempotent). Enqueues, failures and retries stay durable.
/// Each of those statements runs in its own implicit transaction and sets the option for it itself
/// (`asynchronousCommit`), so a claim is two round trips and a completion one, with no BEGIN, SET LOCAL
/// or COMMIT of their own.
extension PostgresCatalog {
    static let jobChannel = "vitrine_jobs"

    @discardableResult
    public func enqueue(_ jobs: [JobRequest], now: Int64) async throws -> Int {
        try JobLimits.check(jobs)
        guard !jobs.isEmpty else { return 0 }
        return try await transaction { connection in
            try await Self.enqueue(jobs, now: now, on: connection, logger: self.logger)
        }
    }

    /// Adds the jobs inside the caller's transaction (checked by `JobLimits` already) and, when any row was
    /// added, notifies the workers at commit; returns how many rows were added.
    static func enqueue(
        _ jobs: [JobRequest], now: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int {
        var added = 0
        for job in jobs {
            let kind = job.kind.rawValue
            let attempts = JobLimits.attempts(job.maxAttempts)
            if job.kind.isRevivedByEnqueue, let key = job.dedupKey {
                let revived = try await connection.query(
                    """
                    UPDATE job SET state = 'waiting', not_before = \(now), priority = \(job.priority),
                        max_attempts = LEAST(attempts + \(Int64(attempts)), \(JobLimits.attemptCounterCap))
                    WHERE dedup_key = \(key) AND state = 'failed' RETURNING 1
                    """, logger: logger
                ).collect().count
                if revived > 0 {
                    added += revived
                    continue
                }
            }
            let inserted = try await connection.query(
                """
                INSERT INTO job AS j (kind, payload, priority, dedup_key, state, max_attempts, not_before, enqueued_at)
                VALUES (\(kind), \(job.payload), \(job.priority), \(job.dedupKey), 'waiting', \(attempts), \(now),
                    \(now))
                ON CONFLICT (dedup_key) DO UPDATE SET priority = GREATEST(j.priority, excluded.priority)
                WHERE j.state = 'waiting'
                RETURNING (xmax = 0)
                """, logger: logger
            ).collect().first?.decode(Bool.self)
            if inserted == true { added += 1 }
        }
        if added > 0 { try await connection.query("NOTIFY vitrine_jobs", logger: logger) }
        return added
    }

    public func claimJob(
        kinds: Set<JobKind>, worker: String, leaseMilliseconds: Int64, now: Int64
    ) async throws -> JobRecord? {
        guard !kinds.isEmpty else { return nil }
        let names = kinds.map(\.rawValue).sorted()
        let expiry = JobClock.adding(leaseMilliseconds, to: now)
        let cap = JobLimits.attemptCounterCap
        // The sweep commits before the claim looks, so a job whose lease just lapsed can be claimed at once.
        return try await withConnection { connection in
            try await connection.query(
                """
                UPDATE job SET
                    state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'waiting' END,
                    not_before = \(now), lease_expires_at = NULL, worker = NULL,
                    last_error = 'the lease of ' || COALESCE(worker, 'a worker') || ' lapsed before the job finished'
                WHERE id IN (
                    SELECT id FROM job WHERE state = 'running' AND lease_expires_at <= \(now)
                    FOR UPDATE SKIP LOCKED)
                AND \(unescaped: Self.asynchronousCommit)
                """, logger: self.logger)
            return try await connection.query(
                """
                UPDATE job SET state = 'running', attempts = LEAST(attempts, \(cap)) + 1,
                    lease_expires_at = \(expiry), worker = \(worker)
                WHERE id = (
                    SELECT id FROM job WHERE state = 'waiting' AND not_before <= \(now) AND kind = ANY(\(names))
                    ORDER BY priority DESC, id LIMIT 1 FOR UPDATE SKIP LOCKED)
                AND \(unescaped: Self.asynchronousCommit)
                RETURNING \(unescaped: Self.jobColumns)
                """, logger: self.logger
            ).collect().first.map(Self.job(from:))
        }
    }

    public func extendLease(of job: JobRecord, leaseMilliseconds: Int64, now: Int64) async throws -> JobRecord? {
        let expiry = JobClock.adding(leaseMilliseconds, to: now)
        let extended = try await withConnection { connection in
            try await connection.query(
                """
                UPDATE job SET lease_expires_at = \(expiry)
                WHERE id = \(job.id) AND attempts = \(Int64(job.attempts)) AND state = 'running' RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty == false
        }
        guard extended else { return nil }
        var renewed = job
        renewed.leaseExpiresAt = expiry
        return renewed
    }

    @discardableResult
    public func completeJob(_ job: JobRecord) async throws -> Bool {
        try await withConnection { connection in
            try await connection.query(
                """
                DELETE FROM job WHERE id = \(job.id) AND attempts = \(Int64(job.attempts)) AND state = 'running'
                AND \(unescaped: Self.asynchronousCommit)
                RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty == false
        }
    }

    @discardableResult
    public func releaseJob(_ job: JobRecord, now: Int64) async throws -> Bool {
        try await withConnection { connection in
            try await connection.query(
                """
                UPDATE job SET state = 'waiting', not_before = \(now), lease_expires_at = NULL, worker = NULL,
                    max_attempts = LEAST(max_attempts + 1, \(JobLimits.attemptCounterCap))
                WHERE id = \(job.id) AND attempts = \(Int64(job.attempts)) AND state = 'running'
                RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty == false
        }
    }

    @discardableResult
    public func failJob(
        _ job: JobRecord, error: String, backoff: JobBackoff, now: Int64
    ) async throws -> JobFailureOutcome? {
        let text = JobLimits.errorText(error)
        let retryAt = backoff.retryTime(afterAttempt: job.attempts, now: now)
        let state = try await withConnection { connection in
            try await connection.query(
                """
                UPDATE job SET
                    state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'waiting' END,
                    not_before = CASE WHEN attempts >= max_attempts THEN \(now) ELSE \(retryAt) END,
                    lease_expires_at = NULL, worker = NULL, last_error = \(text)
                WHERE id = \(job.id) AND attempts = \(Int64(job.attempts)) AND state = 'running'
                RETURNING state
                """, logger: self.logger
            ).collect().first?.decode(String.self)
        }
        guard let state else { return nil }
        return state == JobState.failed.rawValue ? .parked : .retry(at: retryAt)
    }

    @discardableResult
    public func retryFailedJobs(ids: [Int64]?, now: Int64) async throws -> Int {
        try await transaction { connection in
            let reset: PostgresQuery =
                if let ids {
                    """
                    UPDATE job SET state = 'waiting', attempts = 0, not_before = \(now), lease_expires_at = NULL,
                        worker = NULL
                    WHERE state = 'failed' AND id = ANY(\(ids)) RETURNING 1
                    """
                } else {
                    """
                    UPDATE job SET state = 'waiting', attempts = 0, not_before = \(now), lease_expires_at = NULL,
                        worker = NULL
                    WHERE state = 'failed' RETURNING 1
                    """
                }
            let count = try await connection.query(reset, logger: self.logger).collect().count
            if count > 0 { try await connection.query("NOTIFY vitrine_jobs", logger: self.logger) }
            return count
        }
    }

    public func jobSummary() async throws -> JobSummary {
        try await transaction { connection in
            var counts: [JobCount] = []
            for row in try await connection.query(
                "SELECT kind, state, count(*) FROM job GROUP BY kind, state ORDER BY kind, state", logger: self.logger
            ).collect() {
                let (kind, state, count) = try row.decode((String, String, Int64).self)
                counts.append(JobCount(kindName: kind, state: try Self.jobState(state), count: Int(count)))
            }
            let oldest = try await connection.query(
                "SELECT \(unescaped: Self.jobColumns) FROM job WHERE state = 'waiting' ORDER BY id LIMIT 1",
                logger: self.logger
            ).collect().first.map(Self.job(from:))
            let limit = Int64(JobLimits.summaryFailures)
            let failures = try await connection.query(
                """
                SELECT \(unescaped: Self.jobColumns) FROM job WHERE state = 'failed' ORDER BY id DESC LIMIT \(limit)
                """, logger: self.logger
            ).collect().map(Self.job(from:))
            return JobSummary(counts: counts, oldestWaiting: oldest, failures: failures)
        }
    }

    public func jobs(dedupKeys: [String]) async throws -> [JobRecord] {
        try JobLimits.checkLookup(dedupKeys)
        guard !dedupKeys.isEmpty else { return [] }
        return try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.jobColumns) FROM job WHERE dedup_key = ANY(\(dedupKeys)::text[])",
                logger: self.logger
            ).collect().map(Self.job(from:))
        }
    }

    /// Wakes on every enqueue and retry committed by any process, through its own `LISTEN` connection.
    public func observeJobs(_ onEnqueue: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        try await observe(channel: Self.jobChannel, onEnqueue)
    }

    static let jobColumns = """
        id, kind, payload, priority, dedup_key, state, attempts, max_attempts, not_before, lease_expires_at, \
        worker, last_error, enqueued_at
        """

    /// A row of `jobColumns`, checked: a state this release does not write throws.
    static func job(from row: PostgresRow) throws -> JobRecord {
        let (
            id, kind, payload, priority, dedupKey, state, attempts, maxAttempts, notBefore, leaseExpiresAt, worker,
            lastError, enqueuedAt
        ) = try row.decode(
            (
                Int64, String, String, Int64, String?, String, Int64, Int64, Int64, Int64?, String?, String?, Int64
            ).self)
        return JobRecord(
            id: id, kindName: kind, payload: payload, priority: Int(priority), dedupKey: dedupKey,
            state: try jobState(state), attempts: Int(attempts), maxAttempts: Int(maxAttempts), notBefore: notBefore,
            leaseExpiresAt: leaseExpiresAt, worker: worker, lastError: lastError, enqueuedAt: enqueuedAt)
    }

    static func jobState(_ text: String) throws -> JobState {
        guard let state = JobState(rawValue: text) else {
            throw JobQueueError.unreadable("a job row has the state \(text.debugDescription)")
        }
        return state
    }
}

extension PostgresCatalog {
    /// A condition that is always true and, once evaluated, lets the statement's own transaction commit
    /// before its WAL is flushed (see the queue's notes above). PostgreSQL evaluates it only on rows that
    /// passed the statement's other conditions, so a statement that changes a row has always set it, and
    /// the setting ends with the transaction (`is_local`), leaving the pooled connection as it was.
    static let asynchronousCommit = "set_config('synchronous_commit', 'off', true) = 'off'"
}
