import Catalog
import TestSupport
import Testing

@testable import CatalogPostgres

/// Claims and completions commit without waiting for the WAL flush; enqueues and failures wait for it,
/// and no statement leaves the setting on the pooled connection (one here) for whatever runs on it next.
@Suite struct PostgresJobCommitTests {
    @Test func claimsAndCompletionsCommitAsynchronouslyAndLeaveTheConnectionAsItWas() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("jobcommit")
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        var configuration = try PostgresCatalogConfiguration(url: url)
        configuration.poolSize = 1
        let catalog = try await PostgresCatalog.open(configuration)
        // Each change to a job row records the synchronous_commit its statement's transaction runs with.
        try server.psql(
            """
            CREATE TABLE commit_mode (n bigserial, operation text, mode text);
            CREATE FUNCTION record_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO commit_mode (operation, mode) VALUES (TG_OP, current_setting('synchronous_commit'));
                RETURN NULL;
            END $$;
            CREATE TRIGGER job_commit_mode AFTER INSERT OR UPDATE OR DELETE ON job FOR EACH ROW
            EXECUTE FUNCTION record_commit_mode()
            """, database: database)

        try await catalog.enqueue([JobRequest(.renderVariants, payload: "a", maxAttempts: 2)], now: 1)
        let first = try #require(
            try await catalog.claimJob(kinds: [.renderVariants], worker: "w", leaseMilliseconds: 60_000, now: 2))
        _ = try await catalog.failJob(first, error: "once", backoff: JobBackoff(base: 0, cap: 0), now: 3)
        let second = try #require(
            try await catalog.claimJob(kinds: [.renderVariants], worker: "w", leaseMilliseconds: 60_000, now: 4))
        #expect(try await catalog.completeJob(second))

        try await catalog.enqueue([JobRequest(.renderVariants, payload: "b")], now: 5)

        let modes = try server.psql("SELECT operation || ' ' || mode FROM commit_mode ORDER BY n", database: database)
        #expect(
            modes.split(separator: "\n") == [
                "INSERT on", "UPDATE off", "UPDATE on", "UPDATE off", "DELETE off", "INSERT on",
            ])
        await catalog.close()
    }
}
