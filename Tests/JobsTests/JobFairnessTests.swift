import Catalog
import Jobs
import Synchronization
import Testing
import VitrineCore

/// Priorities on a busy queue: an upload's render, queued behind a backfill of 10 000 renders, starts as
/// soon as a render slot frees, not after the backfill.
@Suite struct JobFairnessTests {
    @Test(arguments: [false, true])
    func anUploadsRenderStartsWithinASecondBehindATenThousandJobBackfill(postgres: Bool) async throws {
        let fixture = try await WorkerFixture(postgres: postgres)
        let catalog = fixture.library.catalog
        for chunk in stride(from: 0, to: 10_000, by: 1000) {
            try await catalog.enqueue(
                (chunk..<chunk + 1000).map {
                    JobRequest(.renderVariants, payload: "backfill-\($0)", priority: JobPriority.background)
                }, now: 0)
        }
        let backfilled = Mutex(0)
        let uploadStarted = Mutex<ContinuousClock.Instant?>(nil)
        let handler = JobHandler { job in
            if job.payload == "upload" {
                uploadStarted.withLock { $0 = .now }
                return
            }
            backfilled.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(20))
        }
        let worker = fixture.worker([.renderVariants: handler], total: 2)
        let run = Task { await worker.run() }
        defer { run.cancel() }
        while backfilled.withLock({ $0 }) < 20 { try await Task.sleep(for: .milliseconds(10)) }

        let queued = ContinuousClock.now
        try await catalog.enqueue(
            [JobRequest(.renderVariants, payload: "upload", priority: JobPriority.interactive)],
            now: EpochMilliseconds.now)
        while uploadStarted.withLock({ $0 }) == nil, queued.duration(to: .now) < .seconds(30) {
            try await Task.sleep(for: .milliseconds(5))
        }
        let started = try #require(uploadStarted.withLock { $0 })
        #expect(queued.duration(to: started) < .seconds(1))
        #expect(backfilled.withLock { $0 } < 1000, "the backfill was far from done")
        run.cancel()
        await run.value
    }
}
