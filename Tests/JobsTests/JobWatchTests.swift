import Catalog
import Jobs
import Synchronization
import Testing

/// An import follows its photos' jobs by key, whichever worker runs them: a photo is done when none of its
/// jobs is left, failed when one was parked, and one stuck job does not hide the photos behind it.
@Suite struct JobWatchTests {
    func claim(_ queue: any JobQueue, _ kind: JobKind, payload: String) async throws -> JobRecord {
        while let job = try await queue.claimJob(kinds: [kind], worker: "w", leaseMilliseconds: 60_000, now: 1) {
            if job.payload == payload { return job }
            try await queue.failJob(job, error: "not this one", backoff: JobBackoff(base: 0, cap: 0), now: 1)
        }
        throw JobQueueError.invalid("no job for \(payload)")
    }

    /// Waits up to 10 s for the watch to have seen `done` photos done (it looks every 10 ms).
    func waitUntil(_ watch: JobWatch, done: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while watch.counts.done < done, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func photosAreDoneWhenTheirJobsAreGoneAndFailedWhenOneWasParked() async throws {
        let fixture = try await WorkerFixture()
        let queue = fixture.library.catalog
        try await queue.enqueue(
            [
                JobRequest(.renderVariants, payload: "a"), JobRequest(.renderVariants, payload: "b", maxAttempts: 1),
                JobRequest(.transcodeVideo, payload: "b"),
            ], now: 1)
        let watch = JobWatch(queue: queue, interval: .milliseconds(10))
        let reports = Mutex<[Int]>([])
        let waiting = Task { await watch.wait { done, _ in reports.withLock { $0.append(done) } } }
        for id in ["a", "b", "c", "a"] { watch.add(id) }
        #expect(watch.counts.followed == 3, "a photo added twice is followed once")

        try await waitUntil(watch, done: 1)
        try await Task.sleep(for: .milliseconds(50))
        #expect(watch.counts.done == 1, "c has no job: done at once; a and b wait")
        #expect(try await queue.completeJob(try await claim(queue, .renderVariants, payload: "a")))
        try await queue.failJob(
            try await claim(queue, .renderVariants, payload: "b"), error: "no decoder", backoff: .standard, now: 2)
        try await waitUntil(watch, done: 2)
        try await Task.sleep(for: .milliseconds(50))
        #expect(watch.counts.done == 2, "b still has its transcode")
        #expect(try await queue.completeJob(try await claim(queue, .transcodeVideo, payload: "b")))
        watch.close()
        let failures = await waiting.value
        #expect(failures == ["b": "no decoder"])
        #expect(watch.counts.done == 3 && reports.withLock { $0.last } == 3)
    }

    @Test func aStuckJobDoesNotHideThePhotosBehindIt() async throws {
        let fixture = try await WorkerFixture()
        let queue = fixture.library.catalog
        // More photos than one lookup names, the first of them stuck behind a job that never ends.
        let ids = (0..<1300).map { "p\($0)" }
        try await queue.enqueue(ids.map { JobRequest(.renderVariants, payload: $0) }, now: 1)
        let watch = JobWatch(queue: queue, interval: .milliseconds(5))
        for id in ids { watch.add(id) }
        watch.close()
        let waiting = Task { await watch.wait() }
        let stuck = try await claim(queue, .renderVariants, payload: "p0")
        while let job = try await queue.claimJob(
            kinds: [.renderVariants], worker: "w", leaseMilliseconds: 60_000, now: 1)
        {
            try await queue.completeJob(job)
        }
        try await waitUntil(watch, done: ids.count - 1)
        #expect(watch.counts.done == ids.count - 1, "every photo but the stuck one is seen done")
        try await queue.completeJob(stuck)
        #expect(await waiting.value.isEmpty)
        #expect(watch.counts.done == ids.count)
    }

    /// A worker in the same process tells the watch of each job it ends, and the watch looks again at once
    /// instead of at its next round; closing it wakes it too. Its rounds here are a minute apart.
    @Test func aFinishedJobAndTheCloseWakeTheWatchBeforeItsNextRound() async throws {
        let fixture = try await WorkerFixture()
        let queue = fixture.library.catalog
        try await queue.enqueue([JobRequest(.renderVariants, payload: "a")], now: 1)
        let watch = JobWatch(queue: queue, interval: .seconds(60))
        watch.add("a")
        let started = ContinuousClock.now
        let waiting = Task { await watch.wait() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await queue.completeJob(try await claim(queue, .renderVariants, payload: "a")))
        watch.jobFinished(kind: .renderVariants, outcome: .completed, duration: .milliseconds(1))
        try await waitUntil(watch, done: 1)
        #expect(watch.counts.done == 1)
        try await Task.sleep(for: .milliseconds(100))
        watch.close()
        #expect(await waiting.value.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func cancellingTheWaitReturnsWhatItKnows() async throws {
        let fixture = try await WorkerFixture()
        try await fixture.library.catalog.enqueue([JobRequest(.renderVariants, payload: "x")], now: 1)
        let watch = JobWatch(queue: fixture.library.catalog, interval: .milliseconds(10))
        watch.add("x")
        watch.close()
        let waiting = Task { await watch.wait() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value.isEmpty && watch.counts.done == 0)
    }
}
