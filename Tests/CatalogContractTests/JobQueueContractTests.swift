import Catalog
import TestSupport
import Testing

/// `JobQueue`: claim order, deduplication, leases and their lapse, retries with back-off, parking, the
/// admin's retry and the summary, on every catalog. Times are passed in, so the clock moves by hand.
@Suite struct JobQueueContractTests {
    let folder = TemporaryDirectory("contract-jobs")
    let lease: Int64 = 1000

    func claim(
        _ catalog: any PhotoCatalog, _ kinds: Set<JobKind> = Set(JobKind.allCases), worker: String = "w1",
        at now: Int64
    ) async throws -> JobRecord? {
        try await catalog.claimJob(kinds: kinds, worker: worker, leaseMilliseconds: lease, now: now)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aReleasedJobIsDueAtOnceWithItsAttemptGivenBack(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: "p", maxAttempts: 1)], now: 10)
        let first = try #require(try await claim(catalog, at: 10))
        #expect(try await catalog.releaseJob(first, now: 20))
        #expect(try await !catalog.releaseJob(first, now: 20), "no longer this claim")
        let again = try #require(try await claim(catalog, worker: "w2", at: 20), "due at once")
        #expect(again.id == first.id && again.attempts == 2 && again.maxAttempts == 2, "the stop is not counted")
        #expect(try await !catalog.releaseJob(first, now: 21), "another worker's claim now")
        #expect(try await catalog.failJob(again, error: "bad", backoff: .standard, now: 22) == .parked)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aRecurringJobParkedComesBackWhenQueuedAgainAndAPhotosJobDoesNot(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let purge = JobRequest(.purgeTrash, payload: "30", maxAttempts: 1)
        let render = JobRequest(.renderVariants, payload: "p", maxAttempts: 1)
        try await catalog.enqueue([purge, render], now: 10)
        for _ in 0..<2 {
            let job = try #require(try await claim(catalog, at: 10))
            #expect(
                try await catalog.failJob(job, error: "database restarting", backoff: .standard, now: 11) == .parked)
        }
        #expect(try await catalog.enqueue([purge, render], now: 3_600_000) == 1, "the purge only")
        let found = Dictionary(
            uniqueKeysWithValues: try await catalog.jobs(dedupKeys: [purge, render].compactMap(\.dedupKey)).map {
                ($0.kind, $0)
            })
        #expect(found[.purgeTrash]?.state == .waiting && found[.purgeTrash]?.maxAttempts == 2, "one more to come")
        #expect(found[.renderVariants]?.state == .failed, "a file that fails stays parked until its owner retries")
        let next = try #require(try await claim(catalog, at: 3_600_000))
        #expect(next.kind == .purgeTrash && next.attempts == 2)
        #expect(try await catalog.enqueue([purge], now: 3_600_001) == 0, "a running job is not queued twice")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aLookupByKeyFindsTheJobsNotDoneYetWhateverTheirState(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        // Claimed oldest first: "done" is completed, "running" stays claimed, "parked" fails its only attempt.
        let requests = ["done", "running", "parked", "waiting"].map {
            JobRequest(.renderVariants, payload: $0, maxAttempts: 1)
        }
        try await catalog.enqueue(requests, now: 10)
        let done = try #require(try await claim(catalog, [.renderVariants], at: 10))
        #expect(done.payload == "done")
        #expect(try await catalog.completeJob(done))
        let running = try #require(try await claim(catalog, [.renderVariants], at: 10))
        let parked = try #require(try await claim(catalog, [.renderVariants], at: 10))
        #expect(running.payload == "running" && parked.payload == "parked")
        try await catalog.failJob(parked, error: "no decoder", backoff: .standard, now: 11)

        let keys = requests.compactMap(\.dedupKey) + ["render-variants:never"]
        let found = Dictionary(
            uniqueKeysWithValues: try await catalog.jobs(dedupKeys: keys).map { ($0.payload, $0) })
        #expect(Set(found.keys) == ["running", "parked", "waiting"], "a done job has no row, nor a key never queued")
        #expect(found["running"]?.state == .running && found["waiting"]?.state == .waiting)
        #expect(found["parked"]?.state == .failed && found["parked"]?.lastError == "no decoder")
        #expect(try await catalog.jobs(dedupKeys: []).isEmpty)

        let atTheLimit = (1..<JobLimits.maximumKeysPerLookup).map { "render-variants:k\($0)" } + [keys[3]]
        #expect(try await catalog.jobs(dedupKeys: atTheLimit).map(\.payload) == ["waiting"])
        await #expect(throws: JobQueueError.self) { try await catalog.jobs(dedupKeys: atTheLimit + ["one more"]) }
    }

    @Test(arguments: CatalogUnderTest.all)
    func claimsTakeTheHighestPriorityThenTheOldestOfTheKindsAsked(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let added = try await catalog.enqueue(
            [
                JobRequest(.backfill, priority: JobPriority.background),
                JobRequest(.renderVariants, payload: "a"),
                JobRequest(.renderVariants, payload: "b", priority: JobPriority.interactive),
                JobRequest(.purgeTrash),
            ], now: 10)
        #expect(added == 4)
        #expect(try await claim(catalog, [.collectBlobs], at: 10) == nil, "only the kinds asked for")
        #expect(try await claim(catalog, [], at: 10) == nil)
        #expect(try await catalog.claimJob(kinds: [.renderVariants], worker: "w", leaseMilliseconds: 0, now: 9) == nil)
        var order: [String] = []
        while let job = try await claim(catalog, at: 10) {
            #expect(job.state == .running && job.attempts == 1 && job.worker == "w1" && job.leaseExpiresAt == 1010)
            order.append("\(job.kindName):\(job.payload)")
        }
        #expect(order == ["render-variants:b", "render-variants:a", "purge-trash:", "backfill:"])
    }

    /// The transactional outbox: a photo's jobs commit with its row or not at all, so no crash between two
    /// writes leaves a photo without its render or its rendition.
    @Test(arguments: CatalogUnderTest.all)
    func aPhotosJobsAreEnqueuedWithItsRowAndADuplicatesAreNot(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = Samples.record(takenAt: 1)
        let jobs = [JobRequest(.renderVariants, payload: photo.id), JobRequest(.transcodeVideo, payload: photo.id)]
        try await catalog.insert(
            photo, variants: Samples.variants(for: photo.id), tags: [], leaseOwner: nil, jobs: jobs, now: 5)
        var twin = Samples.record(takenAt: 2, hash: photo.contentHash)
        twin.originalName = "twin.jpg"
        await #expect(throws: CatalogError.self) {
            try await catalog.insert(
                twin, variants: Samples.variants(for: twin.id), tags: [], leaseOwner: nil,
                jobs: [JobRequest(.renderVariants, payload: twin.id)], now: 6)
        }
        await #expect(throws: JobQueueError.self, "a job past the limits refuses the photo too") {
            let other = Samples.record(takenAt: 3)
            try await catalog.insert(
                other, variants: Samples.variants(for: other.id), tags: [], leaseOwner: nil,
                jobs: [JobRequest(.renderVariants, payload: String(repeating: "x", count: 10_000))], now: 7)
        }
        #expect(try await catalog.count() == 1)
        var claimed: [String] = []
        while let job = try await claim(catalog, at: 10) { claimed.append("\(job.kindName):\(job.payload)") }
        #expect(claimed.sorted() == ["render-variants:\(photo.id)", "transcode-video:\(photo.id)"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func theSameJobEnqueuedTwiceIsOneRow(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        #expect(try await catalog.enqueue([JobRequest(.renderVariants, payload: "p")], now: 0) == 1)
        #expect(try await catalog.enqueue([JobRequest(.renderVariants, payload: "p")], now: 1) == 0)
        #expect(try await catalog.enqueue([JobRequest(.renderVariants, payload: "q")], now: 2) == 1)
        #expect(try await catalog.enqueue([JobRequest(.sizedVariant, payload: "p")], now: 3) == 1, "per kind")
        #expect(
            try await catalog.enqueue(
                [JobRequest(.collectBlobs, deduplicated: false), JobRequest(.collectBlobs, deduplicated: false)], now: 4
            )
                == 2)
        #expect(try await catalog.jobSummary().count(.waiting) == 5)

        // An upload's request raises the waiting job's priority above the others.
        #expect(
            try await catalog.enqueue(
                [JobRequest(.renderVariants, payload: "p", priority: JobPriority.interactive)], now: 5)
                == 0)
        let first = try #require(try await claim(catalog, at: 5))
        #expect(first.payload == "p" && first.priority == JobPriority.interactive)
        #expect(
            try await catalog.enqueue([JobRequest(.renderVariants, payload: "p")], now: 6) == 0, "running: still one")
        #expect(try await catalog.jobSummary().count(.running) == 1)
        #expect(try await catalog.completeJob(first))
        #expect(try await catalog.enqueue([JobRequest(.renderVariants, payload: "p")], now: 7) == 1, "done: new")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aLapsedLeaseReturnsTheJobAndTheFirstClaimLosesIt(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: "x")], now: 0)
        let dead = try #require(try await claim(catalog, worker: "dead", at: 0))
        #expect(try await claim(catalog, at: 999) == nil, "leased")
        let taken = try #require(try await claim(catalog, worker: "alive", at: 1000))
        #expect(taken.id == dead.id && taken.attempts == 2 && taken.worker == "alive")
        #expect(taken.lastError?.contains("dead") == true)
        #expect(try await catalog.extendLease(of: dead, leaseMilliseconds: lease, now: 1001) == nil)
        #expect(try await catalog.completeJob(dead) == false)
        #expect(try await catalog.failJob(dead, error: "late", backoff: .standard, now: 1001) == nil)
        #expect(try await catalog.completeJob(taken))
        #expect(try await catalog.jobSummary().counts.isEmpty)
    }

    @Test(arguments: CatalogUnderTest.all)
    func heartbeatsKeepTheLease(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.enqueue([JobRequest(.purgeTrash)], now: 0)
        var job = try #require(try await claim(catalog, at: 0))
        for now in stride(from: Int64(900), through: 9000, by: 900) {
            job = try #require(try await catalog.extendLease(of: job, leaseMilliseconds: lease, now: now))
            #expect(job.leaseExpiresAt == now + lease)
            #expect(try await claim(catalog, worker: "other", at: now + 500) == nil)
        }
        #expect(try await catalog.completeJob(job))
        #expect(try await claim(catalog, at: 100_000) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func failuresBackOffThenParkWithTheirError(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let backoff = JobBackoff(base: 100, cap: 150)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: "poison", maxAttempts: 3)], now: 0)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: "fine", priority: -1)], now: 0)

        let first = try #require(try await claim(catalog, at: 0))
        #expect(first.payload == "poison")
        #expect(try await catalog.failJob(first, error: "bad header", backoff: backoff, now: 10) == .retry(at: 110))
        let other = try #require(try await claim(catalog, at: 20), "the rest are unaffected")
        #expect(other.payload == "fine")
        #expect(try await catalog.completeJob(other))
        #expect(try await claim(catalog, at: 109) == nil, "backing off")
        let second = try #require(try await claim(catalog, at: 110))
        #expect(second.attempts == 2 && second.lastError == "bad header")
        #expect(try await catalog.failJob(second, error: "bad header", backoff: backoff, now: 200) == .retry(at: 350))
        let third = try #require(try await claim(catalog, at: 350))
        #expect(try await catalog.failJob(third, error: "still bad", backoff: backoff, now: 400) == .parked)
        #expect(try await claim(catalog, at: 1_000_000) == nil, "parked")

        let summary = try await catalog.jobSummary()
        #expect(summary.failures.count == 1)
        let parked = try #require(summary.failures.first)
        #expect(parked.payload == "poison" && parked.state == .failed && parked.lastError == "still bad")
        #expect(parked.attempts == 3 && parked.worker == nil && parked.leaseExpiresAt == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aJobWhoseWorkersKeepDyingIsParked(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: "crash", maxAttempts: 2)], now: 0)
        _ = try #require(try await claim(catalog, worker: "a", at: 0))
        _ = try #require(try await claim(catalog, worker: "b", at: 1000))
        #expect(try await claim(catalog, worker: "c", at: 2000) == nil)
        let parked = try #require(try await catalog.jobSummary().failures.first)
        #expect(parked.attempts == 2 && parked.lastError?.contains("b") == true)
    }

    @Test(arguments: CatalogUnderTest.all)
    func anAdminRetriesParkedFailures(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.enqueue(
            [
                JobRequest(.renderVariants, payload: "1", maxAttempts: 1),
                JobRequest(.renderVariants, payload: "2", maxAttempts: 1),
            ],
            now: 0)
        for _ in 0..<2 {
            let job = try #require(try await claim(catalog, at: 0))
            #expect(try await catalog.failJob(job, error: "boom \(job.payload)", backoff: .standard, now: 0) == .parked)
        }
        let parked = try await catalog.jobSummary().failures
        #expect(parked.map(\.payload) == ["2", "1"], "latest first")
        #expect(try await catalog.retryFailedJobs(ids: [parked[1].id, 999_999], now: 50) == 1)
        #expect(try await catalog.retryFailedJobs(ids: [parked[1].id], now: 50) == 0, "no longer parked")
        #expect(try await claim(catalog, at: 49) == nil)
        let retried = try #require(try await claim(catalog, at: 50))
        #expect(retried.payload == "1" && retried.attempts == 1 && retried.lastError == "boom 1")
        #expect(try await catalog.retryFailedJobs(ids: nil, now: 60) == 1)
        #expect(try await claim(catalog, at: 60)?.payload == "2")
    }

    @Test(arguments: CatalogUnderTest.all)
    func twoClaimersNeverTakeTheSameJob(_ kind: CatalogUnderTest) async throws {
        let a = try await kind.open(in: folder)
        let b = try await kind.open(in: folder)
        let total = 60
        try await a.enqueue((0..<total).map { JobRequest(.renderVariants, payload: "\($0)") }, now: 0)
        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for n in 0..<8 {
                let catalog = n.isMultiple(of: 2) ? a : b
                group.addTask {
                    var ids: [Int64] = []
                    while let job = try await catalog.claimJob(
                        kinds: [.renderVariants], worker: "w\(n)", leaseMilliseconds: 60_000, now: 1)
                    {
                        ids.append(job.id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.count == total && Set(claimed).count == total)
    }

    @Test(arguments: CatalogUnderTest.all)
    func theSummaryCountsByKindAndState(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        #expect(try await catalog.jobSummary() == JobSummary(counts: [], oldestWaiting: nil, failures: []))
        try await catalog.enqueue([JobRequest(.collectBlobs)], now: 5)
        try await catalog.enqueue((0..<3).map { JobRequest(.renderVariants, payload: "\($0)", maxAttempts: 1) }, now: 7)
        let running = try #require(try await claim(catalog, [.renderVariants], at: 8))
        let failed = try #require(try await claim(catalog, [.renderVariants], at: 8))
        try await catalog.failJob(failed, error: "no", backoff: .standard, now: 9)
        let summary = try await catalog.jobSummary()
        #expect(
            summary.counts == [
                JobCount(kindName: "collect-blobs", state: .waiting, count: 1),
                JobCount(kindName: "render-variants", state: .failed, count: 1),
                JobCount(kindName: "render-variants", state: .running, count: 1),
                JobCount(kindName: "render-variants", state: .waiting, count: 1),
            ])
        #expect(summary.oldestWaiting?.kind == .collectBlobs && summary.oldestWaiting?.enqueuedAt == 5)
        #expect(summary.failures.map(\.id) == [failed.id] && running.id != failed.id)
    }

    @Test(arguments: CatalogUnderTest.all)
    func oversizedRequestsAreRefused(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let long = String(repeating: "x", count: JobLimits.maximumPayload + 1)
        await #expect(throws: JobQueueError.self) {
            try await catalog.enqueue(
                [JobRequest(.renderVariants), JobRequest(.renderVariants, payload: long)], now: 0)
        }
        #expect(try await catalog.jobSummary().counts.isEmpty, "nothing of the batch")
        try await catalog.enqueue([JobRequest(.renderVariants, payload: String(repeating: "é", count: 512))], now: 0)
    }

    @Test(arguments: CatalogUnderTest.all)
    func anEnqueueWakesAnObserver(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let writer = kind == .postgres ? try await kind.open(in: folder) : catalog
        let (wakes, wake) = AsyncStream<Void>.makeStream()
        let observation = try await catalog.observeJobs { wake.yield() }
        defer { observation.cancel() }
        try await writer.enqueue([JobRequest(.purgeTrash)], now: 0)
        let woken = try await completes(within: .seconds(10)) {
            for await _ in wakes { return }
        }
        #expect(woken)
    }
}
