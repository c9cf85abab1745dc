import Catalog
import Jobs
import Metering
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

@testable import VitrineServer

/// The queue on `/metrics`: its counts by kind and state at each scrape, and a worker's attempts by outcome
/// with their durations.
@Suite struct JobMetricsTests {
    @Test func aScrapeShowsTheQueueAndTheWorkersOutcomes() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let metrics = VitrineMetrics()
        let catalog = fixture.library.catalog
        try await catalog.enqueue(
            [JobRequest(.collectBlobs), JobRequest(.purgeTrash, maxAttempts: 1), JobRequest(.backfill)], now: 0)
        var configuration = WorkerConfiguration(name: "metrics", limits: [.collectBlobs: 1, .purgeTrash: 1], total: 1)
        configuration.poll = .milliseconds(20)
        let worker = JobWorker(
            queue: catalog,
            handlers: [
                .collectBlobs: JobHandler { _ in }, .purgeTrash: JobHandler { _ in throw JobPayloadError("no") },
            ], configuration: configuration, observer: metrics.jobObserver)
        await worker.runUntilIdle()
        try await MetricsTests.makeApp(fixture, metrics: metrics).test(.router) { client in
            let text = try await MetricsTests.scrape(client, auth)
            for name in [Names.jobs, Names.jobsRunning, Names.jobsFinished, Names.jobDuration] {
                #expect(text.families[name]?.help == Names.help[name], "\(name)")
            }
            #expect(text.value(Names.jobs, ["kind": "backfill", "state": "waiting"]) == 1)
            #expect(text.value(Names.jobs, ["kind": "purge-trash", "state": "failed"]) == 1)
            #expect(text.value(Names.jobs, ["kind": "collect-blobs", "state": "waiting"]) == 0)
            #expect(text.value(Names.jobsFinished, ["kind": "collect-blobs", "outcome": "completed"]) == 1)
            #expect(text.value(Names.jobsFinished, ["kind": "purge-trash", "outcome": "parked"]) == 1)
            #expect(text.value(Names.jobsRunning, ["kind": "purge-trash"]) == 0)
            #expect(text.value(Names.jobDuration + "_count", ["kind": "collect-blobs"]) == 1)
        }
    }
}
