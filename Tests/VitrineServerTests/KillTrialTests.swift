import Access
import Blobs
import Catalog
import CatalogSQLite
import Foundation
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

@testable import VitrineServer

#if canImport(Glibc)
    import Glibc
#endif

/// The real `vitrine` binary killed with SIGKILL at seeded random moments, and `gc` run beside writers:
/// nothing committed is lost, nothing half-written is visible, and what a dead process left is collected.
/// Each trial prints one line, so a failure says which moment broke what.
@Suite(.serialized) struct KillTrialTests {
    /// Real photographs (the demo wallpapers) and a few generated ones, in one folder.
    static func photoSet(in inputs: TemporaryDirectory) throws -> [String] {
        let demo = Array(FileCollector.demoPhotos().filter { $0.hasSuffix(".jpg") }.prefix(5))
        try #require(demo.count >= 4, "install plasma-workspace-wallpapers (scripts/install-deps.sh)")
        let generated = try (0..<3).map {
            try Fixtures.write(inputs.file("generated-\($0).jpg"), width: 1600, height: 1200, seed: UInt32(900 + $0))
        }
        return demo + generated
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    @Test func importKilledAtRandomMomentsLosesNothing() async throws {
        let inputs = TemporaryDirectory("kill-inputs")
        let photos = try Self.photoSet(in: inputs)
        // How long a whole import takes here, so that the kills spread from its start to its end.
        let calibration = TemporaryDirectory("kill-calibration")
        let started = DispatchTime.now()
        let full = try VitrineProcess.run(["import", "--data", calibration.path, "--jobs", "2"] + photos)
        let duration = Self.seconds(since: started)
        try #require(full.status == 0, "\(full.output)")
        print(
            "import kill trials: a whole import of \(photos.count) photos takes \(String(format: "%.2f", duration)) s")

        var random = SeededGenerator(seed: 0x5EED_0016)
        var data = TemporaryDirectory("kill-import")
        var kills = 0
        var trial = 0
        while kills < 10 && trial < 30 {
            trial += 1
            let delay = Double.random(in: 0...duration, using: &random)
            // Short leases: the next trial's import takes over the renders this one had claimed within 3 s.
            let process = try VitrineProcess.start(
                ["import", "--data", data.path, "--jobs", "2", "--lease-seconds", "3"] + photos)
            try await Task.sleep(for: .seconds(delay))
            let killed = process.isRunning
            if killed {
                VitrineProcess.kill(process)
                kills += 1
            } else {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "trial \(trial): the import failed")
            }
            let label = "import trial \(trial) (\(killed ? "killed" : "finished") at \(Int(delay * 1000)) ms)"
            let catalogued = try await LibraryInvariants.checkRows(data.path, label, rendered: !killed)
            let gc = try VitrineProcess.run(["gc", "--data", data.path])
            #expect(gc.status == 0, "\(label): gc: \(gc.output)")
            try await LibraryInvariants.checkCollected(data.path, label)
            print("\(label): \(catalogued) photos catalogued; gc: \(gc.output.split(separator: "\n").first ?? "")")
            if !killed {
                #expect(catalogued == photos.count, "\(label): a finished import has every photo")
                data = TemporaryDirectory("kill-import")
            }
        }
        #expect(kills >= 10, "only \(kills) of \(trial) imports were killed")

        let rerun = try VitrineProcess.run(["import", "--data", data.path] + photos)
        #expect(rerun.status == 0, "re-run: \(rerun.output)")
        #expect(try await LibraryInvariants.checkRows(data.path, "re-run", rendered: true) == photos.count)
        #expect(try VitrineProcess.run(["gc", "--data", data.path]).status == 0)
        try await LibraryInvariants.checkCollected(data.path, "re-run")
        print("import kill trials: \(kills) kills in \(trial) trials; the re-run has all \(photos.count) photos")
    }

    @Test func gcRightAfterAKilledImportTakesItsLeftovers() async throws {
        let inputs = TemporaryDirectory("killed-lease-inputs")
        let data = TemporaryDirectory("killed-lease")
        // A small picture with 64 MiB after its end: quick to render, slow to store, so the import holds
        // its leases long enough to be killed while it does.
        let path = try Fixtures.write(inputs.file("long.jpg"), width: 640, height: 480, seed: 61)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        let block = Data((0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for _ in 0..<1024 { handle.write(block) }
        try handle.close()

        // The original is written after the leases are taken: kill once its temporary appears. (Opening the
        // catalog here meanwhile would race the import's own opening of the new library.)
        let process = try VitrineProcess.start(["import", "--data", data.path, path])
        let area = TemporaryArea(root: data.file("tmp"))
        for _ in 0..<5000 where process.isRunning {
            if (try? area.leftoverFiles().isEmpty) == false { break }
            usleep(1000)
        }
        VitrineProcess.kill(process)
        let leases = try await SQLiteCatalog(path: data.file("catalog.sqlite")).leases()
        try #require(!leases.isEmpty, "the import finished before it could be killed holding its leases")
        try await LibraryInvariants.checkRows(data.path, "killed holding leases")

        let gc = try VitrineProcess.run(["gc", "--data", data.path])
        #expect(gc.status == 0, "\(gc.output)")
        try await LibraryInvariants.checkCollected(data.path, "gc right after the kill")
        let rerun = try VitrineProcess.run(["import", "--data", data.path, path])
        #expect(rerun.status == 0 && rerun.output.contains("imported: 1"), "\(rerun.output)")
        print("gc right after a killed import: \(gc.output.split(separator: "\n").joined(separator: "; "))")
    }

    @Test func processesOpeningANewLibraryAtOnceAllSucceed() async throws {
        for round in 1...3 {
            let data = TemporaryDirectory("open-race")
            let logs = (0..<4).map { data.path + "-gc\($0).log" }
            let processes = try logs.map { try VitrineProcess.start(["gc", "--data", data.path], log: $0) }
            for (process, log) in zip(processes, logs) {
                process.waitUntilExit()
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                #expect(process.terminationStatus == 0, "round \(round): \(output)")
                try? FileManager.default.removeItem(atPath: log)
            }
            #expect(try await LibraryInvariants.checkRows(data.path, "open race \(round)") == 0)
        }
    }

    /// Sends uploads and deletions on threads of their own, as separate clients would.
    final class Clients: @unchecked Sendable {
        let port: Int
        let token: String
        private let lock = NSLock()
        private var outcomes: [String] = []
        private var created: [String] = []
        private var deleted: [String] = []
        private let group = DispatchGroup()

        init(port: Int, token: String) {
            self.port = port
            self.token = token
        }

        /// Starts after `wait` seconds and streams `body` in small chunks, so it is in flight for a while.
        func upload(_ body: [UInt8], name: String, after wait: Double, chunk: Int = 16 * 1024, pause: useconds_t = 4000)
        {
            run {
                Thread.sleep(forTimeInterval: wait)
                let connection = try RawConnection(port: self.port)
                defer { connection.close() }
                try connection.send(
                    "POST /api/v1/photos?filename=\(name) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                        + "Authorization: Bearer \(self.token)\r\nContent-Type: image/jpeg\r\n"
                        + "Content-Length: \(body.count)\r\n\r\n")
                var offset = 0
                while offset < body.count {
                    let end = min(body.count, offset + chunk)
                    try connection.send(Array(body[offset..<end]))
                    offset = end
                    usleep(pause)
                }
                let response = try HTTPExchange.read(connection)
                if response.status == 201 { self.record(created: BlobKey.of(body).hex) }
                return "upload \(name): \(response.status)"
            }
        }

        func delete(_ id: String, after wait: Double) {
            run {
                Thread.sleep(forTimeInterval: wait)
                let response = try HTTPExchange.send(
                    port: self.port, method: "DELETE", path: "/api/v1/photos/\(id)",
                    headers: ["Authorization": "Bearer \(self.token)"])
                if response.status == 204 { self.record(deleted: id) }
                return "delete \(id): \(response.status)"
            }
        }

        private func run(_ body: @escaping @Sendable () throws -> String) {
            group.enter()
            Thread.detachNewThread {
                let outcome = (try? body()) ?? "cut off"
                self.lock.withLock { self.outcomes.append(outcome) }
                self.group.leave()
            }
        }

        private func record(created hash: String) { lock.withLock { created.append(hash) } }
        private func record(deleted id: String) { lock.withLock { deleted.append(id) } }

        /// Waits for every client; returns what each saw, the hashes answered 201 and the ids answered 204.
        func finish() -> (outcomes: [String], created: [String], deleted: [String]) {
            _ = group.wait(timeout: .now() + 60)
            return lock.withLock { (outcomes.sorted(), created, deleted) }
        }
    }

    static func jpeg(_ inputs: TemporaryDirectory, seed: UInt32, width: Int = 1400) throws -> [UInt8] {
        Fixtures.bytes(
            of: try Fixtures.write(inputs.file("upload-\(seed).jpg"), width: width, height: width * 3 / 4, seed: seed))
    }

    @Test func serverKilledDuringUploadsAndDeletesLosesNothing() async throws {
        let data = TemporaryDirectory("kill-server")
        let inputs = TemporaryDirectory("kill-server-inputs")
        let log = data.file("server.log")
        let seeds = try (0..<8).map {
            try Fixtures.write(inputs.file("seed-\($0).jpg"), width: 800, height: 600, seed: UInt32(300 + $0))
        }
        #expect(try VitrineProcess.run(["import", "--data", data.path] + seeds).status == 0)
        var server = try LiveVitrineServer(data: data.path, log: log)
        let token = try AdminToken(directory: data.path).loadOrCreate().token
        var random = SeededGenerator(seed: 0x5EED_5E4E)
        var seed: UInt32 = 500
        for round in 1...4 {
            let catalog = try SQLiteCatalog(path: data.path + "/catalog.sqlite")
            let victims = try await catalog.page(after: nil, limit: 200, filter: PhotoFilter()).items.map(\.photo.id)
                .shuffled(using: &random)
                .prefix(2)
            let clients = Clients(port: server.port, token: token)
            for _ in 0..<4 {
                seed += 1
                let wait = Double.random(in: 0...0.3, using: &random)
                clients.upload(try Self.jpeg(inputs, seed: seed), name: "u\(seed).jpg", after: wait)
            }
            for id in victims { clients.delete(id, after: Double.random(in: 0...0.4, using: &random)) }
            let delay = Double.random(in: 0.05...0.5, using: &random)
            try await Task.sleep(for: .seconds(delay))
            server.kill()
            let (outcomes, created, deleted) = clients.finish()
            let label = "server trial \(round) (killed at \(Int(delay * 1000)) ms)"
            print("\(label): \(outcomes.joined(separator: ", "))")

            let photos = try await LibraryInvariants.checkRows(data.path, label)
            for hash in created {
                #expect(try await catalog.photo(contentHash: hash) != nil, "\(label): an upload answered 201 is lost")
            }
            for id in deleted {
                #expect(try await catalog.photo(id: id) == nil, "\(label): a deletion answered 204 is undone")
            }

            server = try LiveVitrineServer(data: data.path, log: log)
            #expect(try TemporaryArea(root: data.path + "/tmp").leftoverFiles().isEmpty, "\(label): temporaries")
            try LibraryInvariants.checkNoDeadTemporaries(data.path, label)
            try await LibraryInvariants.checkServed(data.path, port: server.port, label)
            print("\(label): \(photos) photos, all served after the restart")
        }
        // The killed server's in-flight imports left orphans under its (dead) leases: gc takes them now,
        // beside the running server.
        let gc = try VitrineProcess.run(["gc", "--data", data.path])
        #expect(gc.status == 0, "\(gc.output)")
        try await LibraryInvariants.checkRows(data.path, "server trials, after gc")
        let catalog = try SQLiteCatalog(path: data.path + "/catalog.sqlite")
        let referenced = Set(try await catalog.referencedBlobKeys().map(\.hex))
        #expect(try LibraryInvariants.storedBlobNames(data.path).allSatisfy { referenced.contains($0) })
        server.stop()
        print("server trials: gc beside the restarted server: \(gc.output.split(separator: "\n").first ?? "")")
    }

    @Test func gcBesideAnImportInFlightLosesNothing() async throws {
        let inputs = TemporaryDirectory("gc-import-inputs")
        let photos = try Self.photoSet(in: inputs)
        let data = TemporaryDirectory("gc-import")
        let log = data.file("import.log")
        let process = try VitrineProcess.start(["import", "--data", data.path, "--jobs", "2"] + photos, log: log)
        var collections = 0
        while process.isRunning {
            let gc = try VitrineProcess.run(["gc", "--data", data.path])
            #expect(gc.status == 0, "\(gc.output)")
            collections += 1
        }
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "the import failed beside gc:\n\(output)")
        #expect(collections >= 2, "gc ran only \(collections) times during the import")
        #expect(try await LibraryInvariants.checkRows(data.path, "gc beside import", rendered: true) == photos.count)
        print("gc beside an import: \(collections) collections during it; all \(photos.count) photos intact")
    }

    @Test func gcBesideUploadsInFlightLosesNothing() async throws {
        let data = TemporaryDirectory("gc-upload")
        let inputs = TemporaryDirectory("gc-upload-inputs")
        let server = try LiveVitrineServer(data: data.path, log: data.file("server.log"))
        defer { server.stop() }
        let token = try AdminToken(directory: data.path).loadOrCreate().token
        let bodies = try (0..<3).map { try Self.jpeg(inputs, seed: UInt32(700 + $0)) }
        // Each upload sends half its body, so the server holds its temporary open.
        var connections: [RawConnection] = []
        for (index, body) in bodies.enumerated() {
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "POST /api/v1/photos?filename=g\(index).jpg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "Authorization: Bearer \(token)\r\nContent-Type: image/jpeg\r\nContent-Length: \(body.count)\r\n\r\n"
            )
            try connection.send(Array(body[..<(body.count / 2)]))
            connections.append(connection)
        }
        let area = TemporaryArea(root: data.path + "/tmp")
        func uploadsInFlight() throws -> Int { try area.leftoverFiles().filter { $0.contains("/upload-") }.count }
        var waited = 0
        while try uploadsInFlight() < bodies.count, waited < 100 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(try uploadsInFlight() == bodies.count)

        let gc = try VitrineProcess.run(["gc", "--data", data.path])
        #expect(gc.status == 0, "\(gc.output)")
        let key = try VitrineProcess.run(["key", "list", "--data", data.path])
        #expect(key.status == 0, "\(key.output)")
        #expect(try uploadsInFlight() == bodies.count, "gc or key took an upload's temporary")

        // gc keeps running while the uploads finish and are imported (leases at work).
        let collector = try VitrineProcess.start(["gc", "--data", data.path])
        for (connection, body) in zip(connections, bodies) {
            try connection.send(Array(body[(body.count / 2)...]))
            let response = try HTTPExchange.read(connection)
            #expect(response.status == 201, "\(response.status): \(response.text)")
            connection.close()
        }
        collector.waitUntilExit()
        #expect(try VitrineProcess.run(["gc", "--data", data.path]).status == 0)
        #expect(try await LibraryInvariants.checkRows(data.path, "gc beside uploads") == bodies.count)
        let catalog = try SQLiteCatalog(path: data.path + "/catalog.sqlite")
        for body in bodies { #expect(try await catalog.photo(contentHash: BlobKey.of(body).hex) != nil) }
        try await LibraryInvariants.checkServed(data.path, port: server.port, "gc beside uploads")
        print("gc beside uploads in flight: \(bodies.count) uploads kept their temporaries and completed")
    }
}
