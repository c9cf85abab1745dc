import Blobs
import Catalog
import Foundation
import Ingest
import Jobs
import TestSupport
import Testing
import VitrineApp
import VitrineCore

/// An import that queues its renders (an upload that answers at once, `import --enqueue-only`): the photo is
/// recorded `processing` with its original only, a worker renders it to `ready`, and a file that cannot be
/// rendered ends `failed` after its attempts while the others land.
@Suite struct QueuedImportTests {
    static let queued = ImportOptions(queuedRenderPriority: JobPriority.interactive)

    @Test(arguments: [false, true])
    func aQueuedPhotoIsProcessingUntilAWorkerRendersIt(postgres: Bool) async throws {
        let fixture = try await WorkerFixture(postgres: postgres)
        let catalog = fixture.library.catalog
        let path = try Fixtures.write(fixture.data.file("queued.jpg"), width: 900, height: 600, seed: 11)
        let seq = try await catalog.latestChangeSeq()
        let outcome = await fixture.library.importer(options: Self.queued).importFile(at: path, tags: ["trip"])
        guard case .imported(_, let id) = outcome else { Issue.record("\(outcome)"); return }

        let recorded = try #require(try await catalog.photo(id: id))
        #expect(recorded.photo.status == .processing)
        #expect(recorded.photo.width == 900 && recorded.photo.height == 600, "placed from its header")
        #expect(Set(recorded.variants.keys) == [.original] && recorded.photo.thumbHash.isEmpty)
        #expect(try await catalog.tags(of: id) == ["trip"])
        #expect(try await catalog.changes(after: seq, limit: 10)?.map(\.kind) == [.insert], "announced at once")
        let summary = try await catalog.jobSummary()
        #expect(summary.oldestWaiting?.kindName == "render-variants" && summary.oldestWaiting?.payload == id)

        let settled = try await catalog.latestChangeSeq()
        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        let rendered = try #require(try await catalog.photo(id: id))
        #expect(rendered.photo.status == .ready)
        #expect(Set(rendered.variants.keys) == Set(VariantKind.madeAtImport))
        #expect(!rendered.photo.thumbHash.isEmpty && rendered.photo.colorfulness != nil)
        let changes = try #require(try await catalog.changes(after: settled, limit: 20))
        #expect(!changes.isEmpty && changes.allSatisfy { $0.kind == .update && $0.photoId == id })
        #expect(try await catalog.jobSummary().counts.isEmpty)

        // The same job again (a lease that lapsed while its worker was only slow) writes nothing.
        let keys = try await fixture.library.blobs.allKeys()
        let last = try await catalog.latestChangeSeq()
        try await catalog.enqueue([JobRequest(.renderVariants, payload: id)], now: EpochMilliseconds.now)
        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        #expect(try await fixture.library.blobs.allKeys() == keys)
        #expect(try await catalog.latestChangeSeq() == last)
        #expect(try await catalog.photo(id: id) == rendered)
    }

    @Test func aFileThatCannotBeRenderedEndsFailedAndTheOthersLand() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        // A truncated JPEG: its header reads, so it is recorded, but its pixels end early.
        let whole = Fixtures.bytes(of: try Fixtures.write(fixture.data.file("whole.jpg"), seed: 21))
        let poison = fixture.data.write(Array(whole.prefix(whole.count * 6 / 10)), to: "cut.jpg")
        let good = try Fixtures.write(fixture.data.file("good.jpg"), seed: 22)
        let summary = await fixture.library.importer(options: Self.queued).importFiles([poison, good])
        #expect(summary.imported.count == 2 && summary.failures.isEmpty)
        let ids = summary.imported

        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        let photos = try await catalog.photos(ids: ids)
        let states = ids.compactMap { photos[$0]?.photo.status }
        #expect(states.sorted { $0.rawValue < $1.rawValue } == [.failed, .ready])
        let failed = try #require(ids.first { photos[$0]?.photo.status == .failed })
        #expect(photos[failed]?.variants.keys.sorted { $0.rawValue < $1.rawValue } == [.original], "nothing half-made")
        let parked = try await catalog.jobSummary().failures
        #expect(parked.map(\.payload) == [failed])
        #expect(parked.first?.attempts == JobLimits.defaultMaxAttempts)
        #expect(parked.first?.lastError?.contains("truncated") == true || parked.first?.lastError?.isEmpty == false)
    }

    /// A file that kills its worker (a decoder crash) has its job parked by the queue's lease sweep, where no
    /// handler runs: the next worker's start marks the photo failed rather than leaving it processing forever.
    @Test func aPhotoWhoseRenderWasParkedByItsLapsedLeasesIsMarkedFailed() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let path = try Fixtures.write(fixture.data.file("poison.jpg"), seed: 32)
        guard case .imported(_, let id) = await fixture.library.importer(options: Self.queued).importFile(at: path)
        else { Issue.record("not imported"); return }
        var now = EpochMilliseconds.now
        for _ in 0..<JobLimits.defaultMaxAttempts {
            // Each worker dies holding the job; its lease lapses.
            #expect(
                try await catalog.claimJob(kinds: [.renderVariants], worker: "dies", leaseMilliseconds: 1, now: now)
                    != nil)
            now += 10
        }
        #expect(
            try await catalog.claimJob(kinds: [.renderVariants], worker: "next", leaseMilliseconds: 1, now: now) == nil)
        #expect(try await catalog.jobSummary().failures.map(\.payload) == [id], "parked by the sweep")
        #expect(try await catalog.photo(id: id)?.photo.status == .processing)
        #expect(try await fixture.library.queueUnrenderedPhotos() == 0)
        #expect(try await catalog.photo(id: id)?.photo.status == .failed)
    }

    /// The render that was running when its photo went to the trash records nothing and ends; the restore's
    /// own job (not one the running job stands for) renders the photo whole.
    @Test func aPhotoTrashedAndRestoredWhileItsRenderRunsIsRenderedWhole() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let path = try Fixtures.write(fixture.data.file("restored.jpg"), seed: 33)
        guard case .imported(_, let id) = await fixture.library.importer(options: Self.queued).importFile(at: path)
        else { Issue.record("not imported"); return }
        let running = try #require(
            try await catalog.claimJob(
                kinds: [.renderVariants], worker: "rendering", leaseMilliseconds: 60_000, now: EpochMilliseconds.now))
        #expect(try await fixture.library.trashPhoto(id: id))
        #expect(try await fixture.library.restoreFromTrash(id: id) == .restored)
        #expect(try await catalog.completeJob(running), "it found its photo gone and recorded nothing")
        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        let photo = try #require(try await catalog.photo(id: id))
        #expect(photo.photo.status == .ready)
        #expect([.preview, .thumbWebP, .thumbJPEG, .smallThumb].allSatisfy { photo.variants[$0] != nil })
    }

    @Test func aWorkerStartingQueuesThePhotosLeftWithoutAJob() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let path = try Fixtures.write(fixture.data.file("orphaned.jpg"), seed: 31)
        guard case .imported(_, let id) = await fixture.library.importer(options: Self.queued).importFile(at: path)
        else { Issue.record("not imported"); return }
        // The process died between the row and its job: taken away here.
        let job = try #require(
            try await catalog.claimJob(
                kinds: [.renderVariants], worker: "lost", leaseMilliseconds: 60_000, now: EpochMilliseconds.now))
        #expect(try await catalog.completeJob(job))
        #expect(try await fixture.library.queueUnrenderedPhotos() == 1)
        #expect(try await fixture.library.queueUnrenderedPhotos() == 0, "one job per photo, however often swept")
        try await catalog.completeJob(
            #require(
                try await catalog.claimJob(
                    kinds: [.renderVariants], worker: "lost", leaseMilliseconds: 60_000, now: EpochMilliseconds.now)))

        var configuration = WorkerConfiguration.standard(name: "starting", cores: 2)
        configuration.poll = .milliseconds(50)
        let worker = fixture.library.worker(configuration)
        let run = Task { await worker.run() }
        let deadline = ContinuousClock.now + .seconds(60)
        while try await catalog.photo(id: id)?.photo.status != .ready, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        run.cancel()
        await run.value
        #expect(try await catalog.photo(id: id)?.photo.status == .ready)
    }
}
