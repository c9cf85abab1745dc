import GRDB

extension SQLiteCatalog {
    /// The job queue (`JobQueue`). Ids never come back (`AUTOINCREMENT`): a claim is named by its id and
    /// attempt, and a completed job's id reused by a new job could otherwise match a stale claim.
    static func migrateJobs(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE job (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    priority INTEGER NOT NULL,
                    dedupKey TEXT UNIQUE,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    maxAttempts INTEGER NOT NULL,
                    notBefore INTEGER NOT NULL,
                    leaseExpiresAt INTEGER,
                    worker TEXT,
                    lastError TEXT,
                    enqueuedAt INTEGER NOT NULL
                );
                CREATE INDEX job_on_state_priority ON job (state, priority DESC, id);
                CREATE INDEX job_on_state_lease ON job (state, leaseExpiresAt);
                """)
    }
}
