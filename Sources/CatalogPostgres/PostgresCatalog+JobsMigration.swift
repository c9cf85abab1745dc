extension PostgresCatalog {
    /// The job queue (`JobQueue`): ids from an identity that never repeats (a claim is named by its id and
    /// attempt), a claim index in claim order, and the lapsed-lease index the claims sweep.
    static let jobsMigration = Migration(
        name: "v8-jobs",
        statements: [
            """
            CREATE TABLE job (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                kind text COLLATE "C" NOT NULL,
                payload text NOT NULL,
                priority bigint NOT NULL,
                dedup_key text COLLATE "C" UNIQUE,
                state text COLLATE "C" NOT NULL,
                attempts bigint NOT NULL DEFAULT 0,
                max_attempts bigint NOT NULL,
                not_before bigint NOT NULL,
                lease_expires_at bigint,
                worker text,
                last_error text,
                enqueued_at bigint NOT NULL
            )
            """,
            "CREATE INDEX job_on_state_priority ON job (state, priority DESC, id)",
            "CREATE INDEX job_on_state_lease ON job (state, lease_expires_at)",
        ])
}
