import Blobs
import Catalog
import CatalogPostgres
import Foundation
import Ingest
import Jobs
import Scheduling
import TestSupport
import VitrineApp

/// A real library (SQLite or PostgreSQL catalog, blobs in its folder) and workers over its queue.
struct WorkerFixture: Sendable {
    let data = TemporaryDirectory("worker-library")
    let library: Library

    init(postgres: Bool = false) async throws {
        let catalog: CatalogLocation =
            postgres
            ? .postgres(try PostgresCatalogConfiguration(url: try PostgresServer.shared().makeDatabase("jobs")))
            : .dataDirectory
        library = try await openLibrary(StorageConfiguration(dataDirectory: data.path, catalog: catalog))
    }

    /// A worker with quick timing, so tests of leases and back-off take a fraction of a second.
    func worker(
        _ handlers: [JobKind: JobHandler], name: String = "test", limits: [JobKind: Int]? = nil, total: Int = 4,
        lease: Int64 = 5000, heartbeat: Duration = .milliseconds(500)
    ) -> JobWorker {
        var configuration = WorkerConfiguration(
            name: name, limits: limits ?? Dictionary(uniqueKeysWithValues: handlers.keys.map { ($0, total) }),
            total: total)
        configuration.leaseMilliseconds = lease
        configuration.heartbeat = heartbeat
        configuration.poll = .milliseconds(50)
        configuration.backoff = JobBackoff(base: 0, cap: 0)
        return JobWorker(queue: library.catalog, handlers: handlers, configuration: configuration)
    }

    /// Every handler of the library, rendering on one thread.
    var libraryHandlers: [JobKind: JobHandler] {
        JobHandler.library(
            library, renders: BoundedExecutor(label: "test.renders", width: 1, queueLimit: 100, refusal: "busy"))
    }
}

/// Counts across tasks: per key, and the most running at once.
actor Tally {
    private(set) var counts: [String: Int] = [:]
    private(set) var running: [String: Int] = [:]
    private(set) var peaks: [String: Int] = [:]
    private(set) var peakTotal = 0

    func start(_ key: String) {
        counts[key, default: 0] += 1
        running[key, default: 0] += 1
        peaks[key] = max(peaks[key, default: 0], running[key, default: 0])
        peakTotal = max(peakTotal, running.values.reduce(0, +))
    }

    func end(_ key: String) { running[key, default: 1] -= 1 }
}
