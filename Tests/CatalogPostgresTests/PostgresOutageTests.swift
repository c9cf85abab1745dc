import Catalog
import CatalogPostgres
import Foundation
import Synchronization
import TestSupport
import Testing

/// A database that goes away and comes back, on a server of the test's own: calls fail with
/// `CatalogError.unavailable` (bounded by the connect time-out, never hanging) and the same catalog object
/// works again afterwards, its change observation included.
@Suite struct PostgresOutageTests {
    static func isUnavailable(_ error: any Error) -> Bool {
        if case CatalogError.unavailable = error { return true }
        return false
    }

    /// Retries `body` until it succeeds, for as long as the pool's back-off may take after a restart.
    static func eventually<T>(_ body: () async throws -> T) async throws -> T {
        var lastError: (any Error)?
        for _ in 0..<120 {
            do { return try await body() } catch {
                lastError = error
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        throw lastError ?? CatalogError.unavailable("never tried")
    }

    @Test func readsFailAsUnavailableDuringAnOutageAndRecoverAfter() async throws {
        let server = try PostgresServer()
        defer { server.shutdown() }
        let url = try server.makeDatabase("outage") + "&connect_timeout=2&pool_size=2"
        let catalog = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        let writer = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        try await Samples.insert(catalog)

        let heard = Mutex(0)
        let observation = try await catalog.observeChanges { heard.withLock { $0 += 1 } }
        defer { observation.cancel() }

        try server.stop()
        for _ in 0..<3 {
            await #expect(performing: { _ = try await catalog.count() }, throws: Self.isUnavailable)
            await #expect(
                performing: { _ = try await catalog.page(after: nil, limit: 5) }, throws: Self.isUnavailable)
            await #expect(performing: { try await Samples.insert(catalog) }, throws: Self.isUnavailable)
        }

        try server.start()
        #expect(try await Self.eventually { try await catalog.count() } == 1, "the failed insert left nothing")
        let before = heard.withLock { $0 }
        let photo = try await Self.eventually { try await Samples.insert(writer) }
        #expect(try await catalog.photo(id: photo.id) != nil)
        // Another catalog's commit reaches this catalog's observation over its new connection.
        for _ in 0..<200 where heard.withLock({ $0 }) <= before { try await Task.sleep(for: .milliseconds(50)) }
        #expect(heard.withLock { $0 } > before, "the observation reconnected")
        await catalog.close()
        await writer.close()
    }
}
