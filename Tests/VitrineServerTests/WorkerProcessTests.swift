import Catalog
import CatalogSQLite
import Foundation
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineApp
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine worker`, `vitrine jobs` and `serve`'s embedded worker as real processes: a worker SIGKILLed
/// mid-job at seeded moments leaves its job to another, which finishes it; nothing is lost, half-written or
/// done twice. Each trial prints one line.
@Suite(.serialized) struct WorkerProcessTests {
    /// `count` photos catalogued with their originals only, and a render job for each.
    static func queueRenders(_ data: TemporaryDirectory, count: Int) async throws -> [String] {
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        let scratch = TemporaryDirectory("worker-inputs")
        var ids: [String] = []
        for n in 0..<count {
            ids.append(
                try await insertUnrenderedPhoto(
                    library, scratch: scratch, seed: UInt32(500 + n), width: 1600, height: 1200))
        }
        try await library.catalog.enqueue(
            ids.map { JobRequest(.renderVariants, payload: $0) }, now: EpochMilliseconds.now)
        return ids
    }

    @Test func aWorkerKilledMidJobLeavesItToAnotherAndNothingIsDoneTwice() async throws {
        var random = SeededGenerator(seed: 0x5EED_0033)
        for trial in 1...3 {
            let data = TemporaryDirectory("worker-kill")
            let ids = try await Self.queueRenders(data, count: 12)
            let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
            let before = try await catalog.latestChangeSeq()
            let worker = ["worker", "--data", data.path, "--lease-seconds", "3", "--concurrency", "2"]
            let first = try VitrineProcess.start(worker)
            let claimed = try await eventually(seconds: 30) { try await catalog.jobSummary().count(.running) > 0 }
            try #require(claimed, "trial \(trial): the first worker never claimed a job")
            let delay = Int.random(in: 0...400, using: &random)
            try await Task.sleep(for: .milliseconds(delay))
            let done = ids.count - (try await catalog.jobSummary().counts.reduce(0) { $0 + $1.count })
            #expect(VitrineProcess.killIfRunning(first), "trial \(trial): a worker runs until stopped")

            let second = try VitrineProcess.start(worker)
            // The first may have done every job: the SIGTERM below must not come while the second starts.
            let watching = try await eventually(seconds: 30) { VitrineProcess.catchesSIGTERM(second) }
            #expect(watching, "trial \(trial): the second worker watches SIGTERM")
            let drained = try await eventually(seconds: 120) { try await catalog.jobSummary().counts.isEmpty }
            second.terminate()
            second.waitUntilExit()
            let label = "worker trial \(trial) (killed \(delay) ms after its first claim, \(done) jobs done)"
            let left = try await catalog.jobSummary().counts
            #expect(drained, "\(label): jobs left: \(left)")
            #expect(second.terminationStatus == 0, "\(label): the second worker stops cleanly on SIGTERM")
            #expect(try await LibraryInvariants.checkRows(data.path, label) == ids.count)
            let updates = try #require(try await catalog.changes(after: before)).filter { $0.kind == .update }
            for id in ids {
                #expect(updates.filter { $0.photoId == id }.count == 4, "\(label): \(id)'s four variants, each once")
            }
            let gc = try VitrineProcess.run(["gc", "--data", data.path])
            #expect(gc.status == 0, "\(label): gc: \(gc.output)")
            try await LibraryInvariants.checkCollected(data.path, label)
            print("\(label): all \(ids.count) photos rendered; gc: \(gc.output.split(separator: "\n").first ?? "")")
        }
    }

    /// The ffmpeg processes `pid` started that are running now.
    static func ffmpegChildren(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let status = try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8) else {
                return false
            }
            let fields = status.split(separator: "\n")
            return fields.contains("PPid:\t\(pid)")
                && fields.contains { $0.hasPrefix("Name:") && $0.hasSuffix("ffmpeg") }
        }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ")
    }

    /// A worker stopped mid-transcode stops its ffmpeg at once (and hands the job back without using an
    /// attempt); one killed takes its ffmpeg with it, which would otherwise run on unwatched, for hours.
    @Test(arguments: [SIGTERM, SIGKILL])
    func aWorkerStoppedMidTranscodeTakesItsFFmpegWithIt(signal: Int32) async throws {
        let data = TemporaryDirectory("worker-transcode")
        let inputs = TemporaryDirectory("worker-transcode-inputs")
        // MPEG-4 Part 2 plays in no browser: the import queues a transcode, which takes seconds.
        try VideoFixtures.clip(
            inputs.file("long.mp4"), width: 640, height: 360, seconds: 480, codec: ["-c:v", "mpeg4", "-q:v", "5"])
        let imported = try VitrineProcess.run(["import", "--enqueue-only", "--data", data.path, inputs.path])
        #expect(imported.status == 0, "\(imported.output)")
        let worker = try VitrineProcess.start(["worker", "--data", data.path, "--concurrency", "1"])
        var transcoding: [Int32] = []
        let started = try await eventually(seconds: 60) {
            transcoding = Self.ffmpegChildren(of: worker.processIdentifier).filter {
                ((try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? "").contains("libx264")
            }
            return !transcoding.isEmpty
        }
        try #require(started, "the worker never started a transcode")
        let stopping = ContinuousClock.now
        kill(worker.processIdentifier, signal)
        // Not `waitUntilExit`: Foundation watches its child's end through a descriptor the child's own
        // children inherit, so it would wait for an orphaned ffmpeg too.
        let ended = try await eventually(seconds: 10) { !Self.isRunning(worker.processIdentifier) }
        #expect(ended, "the worker did not end")
        let gone = try await eventually(seconds: 3) { !transcoding.contains(where: Self.isRunning) }
        #expect(gone, "ffmpeg outlives its worker")
        for pid in transcoding { kill(pid, SIGKILL) }
        worker.waitUntilExit()
        if signal == SIGTERM {
            #expect(ContinuousClock.now - stopping < .seconds(3), "the stop waited for the transcode")
            let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
            let summary = try await catalog.jobSummary()
            #expect(summary.counts.contains { $0.kindName == "transcode-video" && $0.state == .waiting })
        }
    }

    @Test func serveRunsAnEmbeddedWorkerUnlessToldNot() async throws {
        let data = TemporaryDirectory("worker-serve")
        let ids = try await Self.queueRenders(data, count: 1)
        let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
        let apiOnly = try LiveVitrineServer(data: data.path, arguments: ["--workers", "0"])
        try await Task.sleep(for: .seconds(3))
        let waiting = try await catalog.jobSummary().counts.filter { $0.state == .waiting }
        #expect(waiting.first { $0.kindName == "render-variants" }?.count == 1, "--workers 0 runs no job")
        #expect(
            Set(waiting.map(\.kindName)) == ["render-variants", "purge-trash", "backfill"],
            "and queues the trash's purge and the backfill for the workers")
        apiOnly.stop()

        let listed = try VitrineProcess.run(["jobs", "list", "--data", data.path])
        #expect(listed.status == 0 && listed.output.contains("render-variants\twaiting\t1"), "\(listed.output)")

        let server = try LiveVitrineServer(data: data.path, arguments: ["--workers", "1"])
        defer { server.stop() }
        let rendered = try await eventually(seconds: 60) {
            try await catalog.photo(id: ids[0])?.variants.count == VariantKind.madeAtImport.count
        }
        #expect(rendered, "the embedded worker renders the photo")
        #expect(try await eventually(seconds: 10) { try await catalog.jobSummary().counts.isEmpty })
    }

    @Test func importWorksThroughItsOwnJobsAndParksAFileThatWillNotRender() async throws {
        let data = TemporaryDirectory("worker-import")
        let inputs = TemporaryDirectory("worker-import-inputs")
        for n in 0..<3 {
            try Fixtures.write(inputs.file("photo-\(n).jpg"), width: 1200, height: 800, seed: UInt32(720 + n))
        }
        // A header that reads, with the scan cut short: the file is recorded, and its render fails.
        let whole = try Data(contentsOf: URL(fileURLWithPath: inputs.file("photo-0.jpg")))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: inputs.file("truncated.jpg")))
        // Someone else's job: the import's worker runs renders and transcodes only.
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        try await library.catalog.enqueue([JobRequest(.purgeTrash, payload: "30")], now: EpochMilliseconds.now)

        let imported = try VitrineProcess.run(["import", "--data", data.path, inputs.path])
        #expect(imported.status == 1, "\(imported.output)")
        #expect(imported.output.contains("imported: 3, duplicates: 0, failed: 1"), "\(imported.output)")
        #expect(imported.output.contains("truncated.jpg: its render failed:"), "\(imported.output)")
        #expect(imported.output.contains("rendered 4/4"), "the last progress line counts every job's end")

        let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
        #expect(try await catalog.count() == 4)
        #expect(try await catalog.photoIds(status: .processing, limit: 10).isEmpty)
        let failed = try await catalog.photoIds(status: .failed, limit: 10)
        #expect(failed.count == 1, "the photo that would not render says so")
        let summary = try await catalog.jobSummary()
        #expect(summary.failures.map(\.payload) == failed, "its render is parked with its error")
        #expect(summary.counts.contains { $0.kindName == "purge-trash" && $0.state == .waiting && $0.count == 1 })
        try await LibraryInvariants.checkRows(data.path, "import")

        let again = try VitrineProcess.run(["import", "--data", data.path, inputs.path])
        #expect(again.output.contains("imported: 0, duplicates: 3, failed: 1"), "\(again.output)")
    }

    @Test func importEnqueueOnlyLeavesTheRendersToAWorker() async throws {
        let data = TemporaryDirectory("worker-enqueue-only")
        let inputs = TemporaryDirectory("worker-enqueue-inputs")
        for n in 0..<3 {
            try Fixtures.write(inputs.file("photo-\(n).jpg"), width: 1200, height: 800, seed: UInt32(700 + n))
        }
        let imported = try VitrineProcess.run(["import", "--data", data.path, "--enqueue-only", inputs.path])
        #expect(imported.status == 0 && imported.output.contains("renders queued for workers: 3"), "\(imported.output)")
        let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
        let ids = try await catalog.photoIds(status: .processing, limit: 10)
        #expect(ids.count == 3)
        #expect(
            try await catalog.photos(ids: ids).values.allSatisfy {
                $0.variants.keys.sorted { $0.rawValue < $1.rawValue } == [.original]
            })

        let worker = try VitrineProcess.start(["worker", "--data", data.path])
        let rendered = try await eventually(seconds: 120) {
            try await catalog.photoIds(status: .processing, limit: 10).isEmpty
        }
        worker.terminate()
        worker.waitUntilExit()
        #expect(rendered, "the worker renders every photo the import queued")
        #expect(try await LibraryInvariants.checkRows(data.path, "enqueue-only") == 3)
    }

    @Test func jobsRetryPutsFailuresBack() async throws {
        let data = TemporaryDirectory("worker-retry")
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        try await library.catalog.enqueue([JobRequest(.purgeTrash, payload: "0", maxAttempts: 1)], now: 0)
        let run = try VitrineProcess.start(["worker", "--data", data.path, "--concurrency", "purge-trash=1"])
        let parked = try await eventually(seconds: 30) {
            try await library.catalog.jobSummary().count(.failed) == 1
        }
        VitrineProcess.kill(run)
        #expect(parked)
        let listed = try VitrineProcess.run(["jobs", "list", "--data", data.path])
        #expect(
            listed.output.contains("purge-trash") && listed.output.contains("needs a day count"), "\(listed.output)")
        let retried = try VitrineProcess.run(["jobs", "retry", "--data", data.path])
        #expect(retried.status == 0 && retried.output.contains("retried 1 jobs"), "\(retried.output)")
        #expect(try await library.catalog.jobSummary().count(.waiting) == 1)
        let bad = try VitrineProcess.run(["worker", "--data", data.path, "--concurrency", "render=2"])
        #expect(bad.status != 0 && bad.output.contains("unknown kind"), "\(bad.output)")
    }
}
