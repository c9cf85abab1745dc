import Catalog
import GRDB

/// The job queue, as `JobQueue` describes it. Every step that looks then writes runs in an IMMEDIATE
/// transaction, so SQLite's write lock serialises claims across connections and processes: two claimers
/// never take the same row.
extension SQLiteCatalog {
    @discardableResult
    public func enqueue(_ jobs: [JobRequest], now: Int64) async throws -> Int {
        try JobLimits.check(jobs)
        guard !jobs.isEmpty else { return 0 }
        return try await writeWithoutTransaction { db in
            var added = 0
            try db.inTransaction(.immediate) {
                added = try Self.enqueueRows(jobs, now: now, in: db)
                return .commit
            }
            return added
        }
    }

    /// Adds the jobs inside the caller's transaction (checked by `JobLimits` already); returns how many rows
    /// were added.
    static func enqueueRows(_ jobs: [JobRequest], now: Int64, in db: Database) throws -> Int {
        var added = 0
        for job in jobs {
            if job.kind.isRevivedByEnqueue, let key = job.dedupKey {
                try db.execute(
                    sql: """
                        UPDATE job SET state = 'waiting', maxAttempts = MIN(attempts + ?, ?), notBefore = ?, priority = ?
                        WHERE dedupKey = ? AND state = 'failed'
                        """,
                    arguments: [
                        JobLimits.attempts(job.maxAttempts), JobLimits.attemptCounterCap, now, job.priority, key,
                    ])
                if db.changesCount > 0 {
                    added += 1
                    continue
                }
            }
            if try raiseQueued(job, in: db) { continue }
            try db.execute(
                sql: """
                    INSERT INTO job (kind, payload, priority, dedupKey, state, maxAttempts, notBefore, enqueuedAt)
                    VALUES (?, ?, ?, ?, 'waiting', ?, ?, ?)
                    """,
                arguments: [
                    job.kind.rawValue, job.payload, job.priority, job.dedupKey, JobLimits.attempts(job.maxAttempts),
                    now, now,
                ])
            added += 1
        }
        return added
    }

    /// True when a job with `job`'s dedup key is already queued, running or parked; a waiting one takes the
    /// higher of the two priorities.
    static func raiseQueued(_ job: JobRequest, in db: Database) throws -> Bool {
        guard let key = job.dedupKey else { return false }
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM job WHERE dedupKey = ?", arguments: [key]) != nil else {
            return false
        }
        try db.execute(
            sql: "UPDATE job SET priority = ? WHERE dedupKey = ? AND state = 'waiting' AND priority < ?",
            arguments: [job.priority, key, job.priority])
        return true
    }

    public func claimJob(
        kinds: Set<JobKind>, worker: String, leaseMilliseconds: Int64, now: Int64
    ) async throws -> JobRecord? {
        guard !kinds.isEmpty else { return nil }
        let names = kinds.map(\.rawValue).sorted()
        let expiry = JobClock.adding(leaseMilliseconds, to: now)
        return try await writeWithoutTransaction { db in
            var claimed: JobRecord?
            try db.inTransaction(.immediate) {
                try Self.returnLapsedJobs(now: now, in: db)
                let marks = databaseQuestionMarks(count: names.count)
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT \(JobRecord.sqliteColumns) FROM job
                            WHERE state = 'waiting' AND notBefore <= ? AND kind IN (\(marks))
                            ORDER BY priority DESC, id LIMIT 1
                            """,
                        arguments: StatementArguments([now] + names))
                else { return .commit }
                var job = try JobRecord(sqliteRow: row)
                job.state = .running
                job.attempts = min(job.attempts, Int(JobLimits.attemptCounterCap)) + 1
                job.leaseExpiresAt = expiry
                job.worker = worker
                try db.execute(
                    sql: "UPDATE job SET state = 'running', attempts = ?, leaseExpiresAt = ?, worker = ? WHERE id = ?",
                    arguments: [job.attempts, expiry, worker, job.id])
                claimed = job
                return .commit
            }
            return claimed
        }
    }

    /// Jobs whose lease lapsed go back to the queue, due now, or are parked when that was their last attempt.
    static func returnLapsedJobs(now: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                UPDATE job SET
                    state = CASE WHEN attempts >= maxAttempts THEN 'failed' ELSE 'waiting' END,
                    notBefore = ?, leaseExpiresAt = NULL, worker = NULL,
                    lastError = 'the lease of ' || COALESCE(worker, 'a worker') || ' lapsed before the job finished'
                WHERE state = 'running' AND leaseExpiresAt <= ?
                """,
            arguments: [now, now])
    }

    public func extendLease(of job: JobRecord, leaseMilliseconds: Int64, now: Int64) async throws -> JobRecord? {
        let expiry = JobClock.adding(leaseMilliseconds, to: now)
        let extended = try await write { db in
            try db.execute(
                sql: "UPDATE job SET leaseExpiresAt = ? WHERE id = ? AND attempts = ? AND state = 'running'",
                arguments: [expiry, job.id, job.attempts])
            return db.changesCount == 1
        }
        guard extended else { return nil }
        var renewed = job
        renewed.leaseExpiresAt = expiry
        return renewed
    }

    @discardableResult
    public func completeJob(_ job: JobRecord) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM job WHERE id = ? AND attempts = ? AND state = 'running'",
                arguments: [job.id, job.attempts])
            return db.changesCount == 1
        }
    }

    @discardableResult
    public func releaseJob(_ job: JobRecord, now: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = 'waiting', maxAttempts = MIN(maxAttempts + 1, ?), notBefore = ?,
                        leaseExpiresAt = NULL, worker = NULL
                    WHERE id = ? AND attempts = ? AND state = 'running'
                    """,
                arguments: [JobLimits.attemptCounterCap, now, job.id, job.attempts])
            return db.changesCount == 1
        }
    }

    @discardableResult
    public func failJob(
        _ job: JobRecord, error: String, backoff: JobBackoff, now: Int64
    ) async throws -> JobFailureOutcome? {
        let text = JobLimits.errorText(error)
        return try await writeWithoutTransaction { db in
            var outcome: JobFailureOutcome?
            try db.inTransaction(.immediate) {
                guard
                    let row = try Row.fetchOne(
                        db, sql: "SELECT maxAttempts FROM job WHERE id = ? AND attempts = ? AND state = 'running'",
                        arguments: [job.id, job.attempts])
                else { return .commit }
                let maxAttempts: Int = try row.decode(atIndex: 0)
                let parked = job.attempts >= maxAttempts
                let retryAt = parked ? now : backoff.retryTime(afterAttempt: job.attempts, now: now)
                try db.execute(
                    sql: """
                        UPDATE job SET state = ?, notBefore = ?, leaseExpiresAt = NULL, worker = NULL, lastError = ?
                        WHERE id = ?
                        """,
                    arguments: [parked ? JobState.failed.rawValue : JobState.waiting.rawValue, retryAt, text, job.id])
                outcome = parked ? .parked : .retry(at: retryAt)
                return .commit
            }
            return outcome
        }
    }

    @discardableResult
    public func retryFailedJobs(ids: [Int64]?, now: Int64) async throws -> Int {
        try await write { db in
            let reset = """
                UPDATE job SET state = 'waiting', attempts = 0, notBefore = ?, leaseExpiresAt = NULL, worker = NULL
                WHERE state = 'failed'
                """
            guard let ids else {
                try db.execute(sql: reset, arguments: [now])
                return db.changesCount
            }
            var count = 0
            for id in Set(ids) {
                try db.execute(sql: reset + " AND id = ?", arguments: [now, id])
                count += db.changesCount
            }
            return count
        }
    }

    public func jobSummary() async throws -> JobSummary {
        try await read { db in
            let counts = try Row.fetchAll(
                db, sql: "SELECT kind, state, COUNT(*) FROM job GROUP BY kind, state ORDER BY kind, state"
            ).map { row in
                JobCount(
                    kindName: try row.decode(atIndex: 0), state: try JobState(sqliteText: row.decode(atIndex: 1)),
                    count: try row.decode(atIndex: 2))
            }
            let oldest = try Row.fetchOne(
                db, sql: "SELECT \(JobRecord.sqliteColumns) FROM job WHERE state = 'waiting' ORDER BY id LIMIT 1")
            let failures = try Row.fetchAll(
                db,
                sql: "SELECT \(JobRecord.sqliteColumns) FROM job WHERE state = 'failed' ORDER BY id DESC LIMIT ?",
                arguments: [JobLimits.summaryFailures])
            return JobSummary(
                counts: counts, oldestWaiting: try oldest.map(JobRecord.init(sqliteRow:)),
                failures: try failures.map(JobRecord.init(sqliteRow:)))
        }
    }

    public func jobs(dedupKeys: [String]) async throws -> [JobRecord] {
        try JobLimits.checkLookup(dedupKeys)
        guard !dedupKeys.isEmpty else { return [] }
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(JobRecord.sqliteColumns) FROM job
                    WHERE dedupKey IN (\(databaseQuestionMarks(count: dedupKeys.count)))
                    """,
                arguments: StatementArguments(dedupKeys)
            ).map(JobRecord.init(sqliteRow:))
        }
    }

    /// Fires on every committed change to the queue by this process (other processes' enqueues are found
    /// by the workers' polling).
    public func observeJobs(_ onEnqueue: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        let observation = DatabaseRegionObservation(tracking: Table("job"))
        let cancellable = observation.start(in: writer, onError: { _ in }, onChange: { _ in onEnqueue() })
        return ChangeObservation(token: cancellable) { cancellable.cancel() }
    }
}

extension JobRecord {
    static let sqliteColumns = """
        id, kind, payload, priority, dedupKey, state, attempts, maxAttempts, notBefore, leaseExpiresAt, worker, \
        lastError, enqueuedAt
        """

    /// A row of `sqliteColumns`, checked: a state this release does not write throws.
    init(sqliteRow row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0), kindName: try row.decode(atIndex: 1), payload: try row.decode(atIndex: 2),
            priority: try row.decode(atIndex: 3), dedupKey: try row.decode(atIndex: 4),
            state: try JobState(sqliteText: row.decode(atIndex: 5)), attempts: try row.decode(atIndex: 6),
            maxAttempts: try row.decode(atIndex: 7), notBefore: try row.decode(atIndex: 8),
            leaseExpiresAt: try row.decode(atIndex: 9), worker: try row.decode(atIndex: 10),
            lastError: try row.decode(atIndex: 11), enqueuedAt: try row.decode(atIndex: 12))
    }
}

extension JobState {
    init(sqliteText text: String) throws {
        guard let state = JobState(rawValue: text) else {
            throw JobQueueError.unreadable("a job row has the state \(text.debugDescription)")
        }
        self = state
    }
}
