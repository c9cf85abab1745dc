import Catalog
import CatalogPostgres
import Foundation
import TestSupport
import Testing
import VitrineAPI

/// The work behind the API spread over processes: API-only servers and `vitrine worker` processes sharing
/// one PostgreSQL catalog and one bucket, through the catalog's job queue.
@Suite struct QueuedWorkTests {
    /// Processing and failed photos as the catalog holds them, and the jobs left.
    static func unsettled(_ cluster: ClusterLibrary) async throws -> (processing: Int, failed: Int, jobs: Int) {
        try await cluster.withCatalog { catalog in
            let summary = try await catalog.jobSummary()
            return (
                try await catalog.photoIds(status: .processing, limit: 10_000).count,
                try await catalog.photoIds(status: .failed, limit: 10_000).count,
                summary.count(.waiting) + summary.count(.running) + summary.count(.failed)
            )
        }
    }

    /// Waits until no photo is processing and no job is left; returns false on `limit`.
    static func settle(_ cluster: ClusterLibrary, within limit: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let left = try? await unsettled(cluster), left.processing == 0, left.jobs == 0 { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return false
    }

    @Test func twoWorkersFinishABatchThroughAPostgresRestart() async throws {
        let postgres = try await onThread { try PostgresServer() }
        defer { postgres.shutdown() }
        let cluster = try await ClusterLibrary(
            "restart", catalogURL: try await onThread { try postgres.makeDatabase("restart") } + "&connect_timeout=5")
        let count = 40
        let folder = cluster.scratch.file("batch")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await onThread {
            for seed in 0..<count {
                try Fixtures.write(
                    folder + "/\(seed).jpg", width: 800, height: 600, seed: UInt32(1000 + seed),
                    fields: ["exif-ifd2-DateTimeOriginal": "2021:03:04 10:\(String(format: "%02d", seed)):00"])
            }
        }
        let imported = try await cluster.run(["import"], ["--enqueue-only", folder])
        #expect(imported.status == 0, "\(imported.output)")
        let recorded = try await Self.unsettled(cluster)
        #expect(recorded.processing == count)

        let workers = try (1...2).map {
            try ClusterWorker(cluster, name: "worker-\($0)", ["--concurrency", "1", "--lease-seconds", "5"])
        }
        defer { workers.forEach { $0.stop() } }
        // Restart once the batch is under way and well before its end.
        let started = ContinuousClock.now
        var left = count
        while ContinuousClock.now - started < .seconds(120) {
            left = try await Self.unsettled(cluster).processing
            if left < count { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        try await onThread { try postgres.restart() }
        print("PostgreSQL restarted with \(left) of \(count) photos still processing")
        #expect(left > 0 && left < count, "the restart fell outside the batch: \(left) of \(count) left")

        let settled = try await Self.settle(cluster, within: .seconds(300))
        let final = try await Self.unsettled(cluster)
        let summary = try await cluster.withCatalog { catalog in try await catalog.jobSummary() }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let stuck =
            summary.oldestWaiting.map {
                "oldest waiting: \($0.id) attempts \($0.attempts) due in \($0.notBefore - now) ms, error \($0.lastError ?? "-")"
            } ?? "none waiting"
        print("jobs left: \(summary.counts) \(stuck)")
        let logs = workers.map { "\($0.name):\n\($0.logText.suffix(3000))" }.joined(separator: "\n")
        #expect(settled, "photos or jobs left after the restart: \(final), \(summary.counts), \(stuck)\n\(logs)")
        #expect(final.failed == 0)
        for worker in workers {
            #expect(worker.process.isRunning, "\(worker.name) exited:\n\(worker.logText.suffix(2000))")
        }
        let (ids, _) = try await cluster.checkNothingHalfWritten("after the restart")
        #expect(ids.count == count)
    }

    @Test func aThousandUploadsThroughTwoServersAndTwoWorkersAllEndCompleteAndAnnounced() async throws {
        let cluster = try await ClusterLibrary("uploads1000")
        let queued = ["--workers", "0", "--upload-renders", "queued"]
        let a = try await cluster.start("a", queued)
        let b = try await cluster.start("b", queued)
        let token = try #require(a.adminTokenFile, "server a wrote no admin token")
        let workers = try (1...2).map { try ClusterWorker(cluster, name: "worker-\($0)") }
        defer { workers.forEach { $0.stop() } }
        let streams = [try await EventStream.open(a), try await EventStream.open(b)]
        defer { streams.forEach { $0.close() } }

        let count = 1000
        let photos = try await onThread { try (0..<count).map { try cluster.photo(seed: UInt32(5000 + $0)) } }
        let servers = [a, b]
        let ids = try await withThrowingTaskGroup(of: [String].self) { group in
            for lane in 0..<8 {
                group.addTask {
                    var ids: [String] = []
                    for index in stride(from: lane, to: count, by: 8) {
                        let result = try await HTTP.upload(
                            servers[index % 2], photos[index], name: "\(index).jpg", token: token)
                        ids.append(result.photo.id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == count)

        let settled = try await Self.settle(cluster, within: .seconds(900))
        let left = try await Self.unsettled(cluster)
        #expect(settled, "photos or jobs left: \(left)")
        let (stored, _) = try await cluster.checkNothingHalfWritten("after 1 000 uploads")
        #expect(stored.count == count && stored.isSuperset(of: ids), "\(stored.count) photos stored")
        #expect(left.failed == 0)

        // Each server's stream announced every photo, and its render: an update carrying the ready photo.
        for (stream, server) in zip(streams, servers) {
            let deadline = ContinuousClock.now + .seconds(60)
            var ready: Set<String> = []
            var inserted: Set<String> = []
            while ContinuousClock.now < deadline {
                let changes = stream.changes
                inserted = Set(changes.filter { $0.kind == "insert" }.map(\.id))
                ready = Set(
                    changes.filter { $0.kind == "update" && $0.photo != nil && $0.photo?.status == nil }.map(\.id))
                inserted.formIntersection(ids)
                ready.formIntersection(ids)
                if ready.count == count && inserted.count == count { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(inserted.count == count, "\(server.name) announced \(inserted.count) of \(count) uploads")
            #expect(ready.count == count, "\(server.name) announced \(ready.count) of \(count) renders")
            #expect(!stream.sawReset, "\(server.name)'s stream was reset")
        }
        for worker in workers {
            #expect(worker.process.isRunning, "\(worker.name) exited:\n\(worker.logText.suffix(2000))")
        }
    }
}
