import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogPostgres

/// Opening: migrations run once under an advisory lock, and a URL that cannot work fails with its reason.
@Suite struct PostgresCatalogOpeningTests {
    @Test func migrationsRunOnceWhenOpenedAgain() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("migrate")
        let first = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        try await Samples.insert(first)
        await first.close()
        let second = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        #expect(try await second.count() == 1, "a second open keeps the data")
        await second.close()
        let database = try #require(url.split(separator: "/").last?.split(separator: "?").first)
        #expect(
            try server.psql("SELECT count(*) FROM schema_migration", database: String(database))
                == String(PostgresCatalog.migrations.count))
    }

    @Test func catalogsOpeningTogetherOnAnEmptyDatabaseBothSucceed() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("race")
        let configuration = try PostgresCatalogConfiguration(url: url)
        let catalogs = try await withThrowingTaskGroup(of: PostgresCatalog.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresCatalog.open(configuration) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(catalogs.count == 4)
        try await Samples.insert(catalogs[0])
        for catalog in catalogs { #expect(try await catalog.count() == 1) }
        for catalog in catalogs { await catalog.close() }
        let database = try #require(url.split(separator: "/").last?.split(separator: "?").first)
        #expect(
            try server.psql("SELECT count(*) FROM schema_migration", database: String(database))
                == String(PostgresCatalog.migrations.count))
    }

    /// A migration is not a request: a server waiting for another's migration (here, a session holding the
    /// lock for 6 s, however late a loaded machine sees it taken) waits past the statement time-out that
    /// bounds its requests.
    @Test func waitingForAnotherMigrationOutlastsTheStatementTimeout() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("slow")
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        let holder = Task.detached {
            try server.psql(
                "SELECT pg_advisory_lock(\(PostgresCatalog.migrationLockKey)); SELECT pg_sleep(6);",
                database: database)
        }
        // The open starts only once the session holds the lock, however long psql takes to get there.
        let held =
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database ="
            + " (SELECT oid FROM pg_database WHERE datname = '\(database)')"
        var polls = 0
        while try server.psql(held) != "1" {
            polls += 1
            try #require(polls < 400, "the holder never took the lock")
            try await Task.sleep(for: .milliseconds(25))
        }
        let started = ContinuousClock.now
        let catalog = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url + "&statement_timeout=1000"))
        #expect(ContinuousClock.now - started > .milliseconds(1_200), "it waited for the lock, past the time-out")
        #expect(try await catalog.count() == 0)
        await catalog.close()
        _ = try await holder.value
    }

    @Test func requiringTLSFromAServerWithoutItFailsClearly() async throws {
        let url = try PostgresServer.shared().makeDatabase("tls").replacingOccurrences(
            of: "sslmode=disable", with: "sslmode=require")
        let error = await #expect(throws: PostgresConfigurationError.self) {
            _ = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        }
        #expect(error?.description.contains("TLS") == true, "\(String(describing: error))")
    }

    @Test func aDatabaseThatDoesNotExistIsNamedInTheError() async throws {
        let server = try PostgresServer.shared()
        let error = await #expect(throws: PostgresConfigurationError.self) {
            _ = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: server.url(database: "vt_missing")))
        }
        #expect(error?.description.contains("vt_missing") == true, "\(String(describing: error))")
    }
}
