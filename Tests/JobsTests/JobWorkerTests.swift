import Catalog
import Jobs
import Testing
import VitrineCore

/// The worker runtime on a real catalog: limits, retries and parking, heartbeats, hand-back on stop.
@Suite struct JobWorkerTests {
    @Test func perKindLimitsAndTheTotalHold() async throws {
        let fixture = try await WorkerFixture()
        let tally = Tally()
        let slow = JobHandler { job in
            await tally.start(job.kindName)
            try await Task.sleep(for: .milliseconds(100))
            await tally.end(job.kindName)
        }
        try await fixture.library.catalog.enqueue(
            (0..<12).map { JobRequest(.renderVariants, payload: "\($0)") }
                + (0..<12).map { JobRequest(.sizedVariant, payload: "\($0)") }, now: 0)
        let worker = fixture.worker(
            [.renderVariants: slow, .sizedVariant: slow], limits: [.renderVariants: 2, .sizedVariant: 2], total: 3)
        await worker.runUntilIdle()
        #expect(await worker.finished == 24)
        let (peaks, peakTotal) = (await tally.peaks, await tally.peakTotal)
        #expect(peaks["render-variants", default: 0] <= 2 && peaks["sized-variant", default: 0] <= 2)
        #expect(peakTotal <= 3, "the total holds whatever the kinds allow")
        #expect(peakTotal >= 2, "jobs run side by side")
        #expect(try await fixture.library.catalog.jobSummary().counts.isEmpty)
    }

    @Test func onlyTheKindsWithAHandlerAreClaimed() async throws {
        let fixture = try await WorkerFixture()
        try await fixture.library.catalog.enqueue([JobRequest(.renderVariants), JobRequest(.collectBlobs)], now: 0)
        let worker = fixture.worker([.collectBlobs: JobHandler { _ in }], limits: [.collectBlobs: 1, .backfill: 1])
        await worker.runUntilIdle()
        let summary = try await fixture.library.catalog.jobSummary()
        #expect(summary.counts == [JobCount(kindName: "render-variants", state: .waiting, count: 1)])
    }

    @Test func aPoisonJobIsParkedAndTheRestAreUnaffected() async throws {
        let fixture = try await WorkerFixture()
        let tally = Tally()
        let handler = JobHandler { job in
            await tally.start(job.payload)
            await tally.end(job.payload)
            if job.payload == "poison" { throw JobPayloadError("cannot decode poison") }
        }
        try await fixture.library.catalog.enqueue(
            [JobRequest(.renderVariants, payload: "poison", maxAttempts: 3)]
                + (0..<5).map { JobRequest(.renderVariants, payload: "\($0)") }, now: 0)
        await fixture.worker([.renderVariants: handler]).runUntilIdle()
        let counts = await tally.counts
        #expect(counts["poison"] == 3)
        #expect((0..<5).allSatisfy { counts["\($0)"] == 1 })
        let summary = try await fixture.library.catalog.jobSummary()
        #expect(summary.count(.failed) == 1 && summary.count(.waiting) == 0)
        #expect(summary.failures.first?.lastError == "cannot decode poison")
    }

    /// A job that runs past its lease keeps it with heartbeats: a claimer trying all along never gets it.
    /// The lease is twenty beats long, so a loaded machine holding the beats back for seconds (CI runs
    /// many suites on two cores) does not lose it, and the job runs well past it.
    @Test func heartbeatsKeepALongJobFromAnotherClaimer() async throws {
        let fixture = try await WorkerFixture()
        let tally = Tally()
        let long = JobHandler { job in
            await tally.start(job.payload)
            try await Task.sleep(for: .seconds(8))
        }
        try await fixture.library.catalog.enqueue([JobRequest(.renderVariants, payload: "long")], now: 0)
        let worker = fixture.worker([.renderVariants: long], lease: 5000, heartbeat: .milliseconds(250))
        let running = Task { await worker.runUntilIdle() }
        for _ in 0..<32 {
            try await Task.sleep(for: .milliseconds(250))
            let stolen = try await fixture.library.catalog.claimJob(
                kinds: [.renderVariants], worker: "thief", leaseMilliseconds: 1000, now: EpochMilliseconds.now)
            #expect(stolen == nil)
        }
        await running.value
        #expect(await tally.counts["long"] == 1)
        #expect(try await fixture.library.catalog.jobSummary().counts.isEmpty)
    }

    /// Its last attempt too: a job is never parked by the stops of the workers that held it.
    @Test func aStoppedWorkerHandsItsJobBack() async throws {
        let fixture = try await WorkerFixture()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let stuck = JobHandler { _ in
            didStart.yield()
            try await Task.sleep(for: .seconds(60))
        }
        try await fixture.library.catalog.enqueue([JobRequest(.backfill, maxAttempts: 1)], now: 0)
        let worker = fixture.worker([.backfill: stuck], name: "stopping")
        let running = Task { await worker.run() }
        for await _ in started { break }
        running.cancel()
        await running.value
        let summary = try await fixture.library.catalog.jobSummary()
        #expect(summary.count(.waiting) == 1 && summary.count(.failed) == 0)
        let again = try await fixture.library.catalog.claimJob(
            kinds: [.backfill], worker: "next", leaseMilliseconds: 1000, now: EpochMilliseconds.now)
        #expect(again?.attempts == 2 && again?.maxAttempts == 2, "due at once, and the stop not counted")
    }

    @Test(arguments: [false, true])
    func twoWorkersRunEachJobOnce(postgres: Bool) async throws {
        let fixture = try await WorkerFixture(postgres: postgres)
        let tally = Tally()
        let handler = JobHandler { job in
            await tally.start(job.payload)
            try await Task.sleep(for: .milliseconds(5))
            await tally.end(job.payload)
        }
        try await fixture.library.catalog.enqueue(
            (0..<60).map { JobRequest(.renderVariants, payload: "\($0)") }, now: 0)
        let a = fixture.worker([.renderVariants: handler], name: "a", total: 3)
        let b = fixture.worker([.renderVariants: handler], name: "b", total: 3)
        async let first: Void = a.runUntilIdle()
        async let second: Void = b.runUntilIdle()
        _ = await (first, second)
        let counts = await tally.counts
        #expect(counts.count == 60 && counts.values.allSatisfy { $0 == 1 })
        #expect(await a.finished + b.finished == 60)
    }
}

/// Outcomes as a worker reports them.
actor OutcomeLog: JobObserver {
    private(set) var outcomes: [JobOutcome] = []
    private func append(_ outcome: JobOutcome) { outcomes.append(outcome) }
    nonisolated func jobStarted(kind: JobKind) {}
    nonisolated func jobFinished(kind: JobKind, outcome: JobOutcome, duration: Duration) {
        Task { await append(outcome) }
    }
}

@Suite struct LostLeaseTests {
    /// A worker whose heartbeats stop landing loses its job to another claimer: its handler is cancelled at
    /// the next beat, and nothing it reports changes the other's claim.
    @Test func aWorkerThatLostItsLeaseLeavesTheJobToTheNewClaimer() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let log = OutcomeLog()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let slow = JobHandler { _ in
            didStart.yield()
            try await Task.sleep(for: .seconds(30))
        }
        try await catalog.enqueue([JobRequest(.backfill)], now: 0)
        var configuration = WorkerConfiguration(name: "slow", limits: [.backfill: 1], total: 1)
        configuration.leaseMilliseconds = 300
        configuration.heartbeat = .seconds(5)
        let worker = JobWorker(queue: catalog, handlers: [.backfill: slow], configuration: configuration, observer: log)
        let running = Task { await worker.run() }
        for await _ in started { break }
        try await Task.sleep(for: .milliseconds(350))
        let taken = try #require(
            try await catalog.claimJob(
                kinds: [.backfill], worker: "other", leaseMilliseconds: 60_000, now: EpochMilliseconds.now))
        #expect(taken.attempts == 2)
        var outcomes: [JobOutcome] = []
        for _ in 0..<500 where outcomes.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            outcomes = await log.outcomes
        }
        #expect(outcomes == [.lost], "cancelled at the heartbeat that found the lease gone")
        running.cancel()
        await running.value
        let summary = try await catalog.jobSummary()
        #expect(summary.count(.running) == 1, "still the other claimer's")
        #expect(try await catalog.completeJob(taken))
    }
}
