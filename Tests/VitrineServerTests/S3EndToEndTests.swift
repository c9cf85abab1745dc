import Access
import Blobs
import Foundation
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI
import VitrineCore
import VitrineServer

#if canImport(Glibc)
    import Glibc
#endif

/// The real `vitrine` binary with its blobs in a bucket of the moto peer (signatures checked): import, serve
/// (pages, assets with Range/ETag/304, sized variants rendered from S3 originals, uploads, deletes) and gc,
/// then the same through a proxy that drops connections and answers 503 SlowDown, and an import killed at
/// seeded moments. boto3 checks the bucket from outside.
@Suite(.serialized) struct S3EndToEndTests {
    static func photos(_ inputs: TemporaryDirectory, count: Int, seed: UInt32) throws -> [String] {
        try (0..<count).map {
            try Fixtures.write(inputs.file("s3-\($0).jpg"), width: 1000, height: 750, seed: seed + UInt32($0))
        }
    }

    /// One HTTP exchange with the server, awaited off the cooperative pool.
    static func http(
        _ port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8] = []
    ) async throws -> HTTPExchange.Response {
        try await detached {
            try HTTPExchange.send(port: port, method: method, path: path, headers: headers, body: body)
        }
    }

    /// The blob name in an asset URL (`/assets/<sha256>[.ext]`).
    static func hex(ofURL url: String) -> String { String(String(url.split(separator: "/").last ?? "").prefix(64)) }

    static func page(port: Int) async throws -> PhotoPage {
        let response = try await http(port, "/api/v1/photos?limit=100")
        try #require(response.status == 200, "\(response.text)")
        return try JSONDecoder().decode(PhotoPage.self, from: Data(response.body))
    }

    /// Every original of the page, its bytes and a range of them, and its ETag answered 304.
    static func checkAssets(port: Int, sources: [String: [UInt8]], _ label: String) async throws -> PhotoPage {
        let page = try await page(port: port)
        #expect(page.items.count == sources.count, "\(label): \(page.items.count) photos listed")
        for item in page.items {
            let url = item.original.url
            let source = try #require(sources[hex(ofURL: url)], "\(label): \(url) is no source")
            let whole = try await http(port, url)
            #expect(whole.status == 200 && whole.body == source, "\(label): \(url) is not byte-exact")
            let etag = try #require(whole.headers["etag"], "\(label): no ETag")
            let range = try await http(port, url, headers: ["Range": "bytes=100-1099"])
            #expect(range.status == 206 && range.body == Array(source[100..<1100]), "\(label): range")
            #expect(range.headers["content-range"] == "bytes 100-1099/\(source.count)", "\(label): Content-Range")
            let fresh = try await http(port, url, headers: ["If-None-Match": etag])
            #expect(fresh.status == 304 && fresh.body.isEmpty, "\(label): If-None-Match answered \(fresh.status)")
        }
        return page
    }

    static func sources(_ paths: [String]) -> [String: [UInt8]] {
        Dictionary(paths.map { (BlobKey.of(Fixtures.bytes(of: $0)).hex, Fixtures.bytes(of: $0)) }) { a, _ in a }
    }

    @Test func importServeUploadDeleteAndCollectOnS3() async throws {
        let library = try await S3Library("e2e")
        let inputs = TemporaryDirectory("s3-e2e-inputs")
        let paths = try Self.photos(inputs, count: 3, seed: 1700)
        let imported = try await library.run(["import"], paths)
        try #require(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("imported: 3"), "\(imported.output)")
        let (photos, referenced) = try await library.checkRows("after import")
        #expect(photos == 3)
        #expect(try await library.storedBlobs() == referenced, "the bucket holds exactly the imported blobs")
        let diskBlobs = try? FileManager.default.contentsOfDirectory(atPath: library.data.file("blobs"))
        #expect(diskBlobs?.isEmpty ?? true, "no blob was written to the data folder")
        var sources = Self.sources(paths)
        let first = try #require(sources.keys.sorted().first)
        let object = try await library.object(first)
        #expect(object["contentType"] as? String == "image/jpeg")
        #expect(object["cacheControl"] as? String == "public, max-age=31536000, immutable")

        let log = library.data.file("server.log")
        let server = try await library.serve(log: log)
        defer { server.stop() }
        let port = server.port
        let page = try await Self.checkAssets(port: port, sources: sources, "S3")
        var serverLog = ""
        for _ in 0..<50 {
            serverLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if serverLog.contains("blobs in") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(serverLog.contains("blobs in \(library.url)"), "serve says where the blobs are:\n\(serverLog)")

        // A sized variant is rendered from the original downloaded from the bucket, and stored there.
        let before = try await library.storedBlobs()
        let photo = try #require(page.items.first)
        let sized = try await Self.http(port, "/api/v1/photos/\(photo.id)/sized/640.jpg")
        #expect(sized.status == 200 && sized.body.starts(with: [0xFF, 0xD8, 0xFF]), "sized: \(sized.status)")
        let made = try await library.storedBlobs().subtracting(before)
        #expect(made == [BlobKey.of(sized.body).hex], "the sized variant is stored in the bucket")

        // An upload lands in the bucket; a deletion, once the trash is emptied, takes its photo's blobs out of it.
        let token = try AdminToken(directory: library.data.path).loadOrCreate().token
        let upload = Fixtures.bytes(
            of: try Fixtures.write(inputs.file("upload.jpg"), width: 800, height: 600, seed: 1799))
        let created = try await Self.http(
            port, "/api/v1/photos?filename=upload.jpg", method: "POST",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "image/jpeg"], body: upload)
        #expect(created.status == 201, "upload: \(created.text)")
        #expect(try await library.storedBlobs().contains(BlobKey.of(upload).hex), "the upload is in the bucket")
        sources[BlobKey.of(upload).hex] = upload

        let victim = try #require(page.items.last)
        let keysBefore = try await library.checkRows("before the deletion").referenced
        let deleted = try await Self.http(
            port, "/api/v1/photos/\(victim.id)", method: "DELETE", headers: ["Authorization": "Bearer \(token)"])
        #expect(deleted.status == 204, "delete: \(deleted.text)")
        let emptied = try await Self.http(
            port, "/api/v1/trash", method: "DELETE", headers: ["Authorization": "Bearer \(token)"])
        #expect(emptied.status == 204, "empty the trash: \(emptied.text)")
        let keysAfter = try await library.checkRows("after the deletion").referenced
        let gone = keysBefore.subtracting(keysAfter)
        let remaining = try await library.storedBlobs()
        #expect(!gone.isEmpty && gone.isDisjoint(with: remaining), "the deleted photo's blobs left the bucket")
        sources.removeValue(forKey: Self.hex(ofURL: victim.original.url))
        _ = try await Self.checkAssets(port: port, sources: sources, "S3 after upload and delete")

        // gc beside the server: planted orphans go, referenced blobs and objects that are not blobs stay.
        let orphans = [try await library.plantOrphan(seed: 1), try await library.plantOrphan(seed: 2)]
        try await library.plant("notes/readme.txt", bytes: Array("not a blob".utf8))
        let gc = try await library.run(["gc"])
        #expect(gc.status == 0 && gc.output.contains("deleted 2 unused files"), "\(gc.output)")
        try await library.checkCollected("gc on S3")
        let afterGC = try await library.storedBlobs()
        #expect(afterGC.isDisjoint(with: orphans))
        let keys = try await library.objectKeys()
        #expect(keys.contains("\(library.prefix)/notes/readme.txt"), "gc kept an object that is not a blob")
    }

    @Test func importServeAndCollectThroughDropsAndSlowDowns() async throws {
        let peer = try await detached { try S3Peer.shared() }
        let proxy = try await detached {
            try FaultProxy(targetPort: peer.port, seed: 17_0017, dropShare: 0.1, slowDownShare: 0.1)
        }
        let library = try await S3Library("faults", endpoint: proxy.endpoint)
        let inputs = TemporaryDirectory("s3-faults-inputs")
        let paths = try Self.photos(inputs, count: 3, seed: 1750)
        let imported = try await library.run(["import"], paths)
        #expect(imported.status == 0 && imported.output.contains("imported: 3"), "\(imported.output)")
        #expect(try await library.checkRows("import through faults").photos == 3)

        let server = try await library.serve(log: library.data.file("server.log"))
        let page = try await Self.checkAssets(port: server.port, sources: Self.sources(paths), "through faults")
        for item in page.items {
            let sized = try await Self.http(server.port, "/api/v1/photos/\(item.id)/sized/150.jpg")
            #expect(sized.status == 200, "sized through faults: \(sized.status) \(sized.text.prefix(200))")
        }
        server.stop()
        try await library.plantOrphan(seed: 9)
        let gc = try await library.run(["gc"])
        #expect(gc.status == 0, "\(gc.output)")
        try await library.checkRows("gc through faults")
        try await library.checkCollected("gc through faults")
        let counts = try await detached { proxy.stop() }
        #expect((counts["dropped"] ?? 0) + (counts["slowdown"] ?? 0) > 0, "the proxy injected no fault: \(counts)")
        print("S3 through faults: \(counts)")
    }

    @Test func importIntoS3KilledAtSeededMomentsLeavesOnlyOrphans() async throws {
        let inputs = TemporaryDirectory("s3-kill-inputs")
        let paths = try Self.photos(inputs, count: 4, seed: 1800)
        var duration = try await Self.importDuration(paths)
        print(
            "S3 import kill trials: a whole import of \(paths.count) photos takes \(String(format: "%.2f", duration)) s"
        )

        // A finished import leaves a library where the next import only skips what it has, so it is followed
        // by a fresh library; and its length bounds the next delays, as the load beside this test changes.
        var library = try await S3Library("kill-1")
        var random = SeededGenerator(seed: 0x5EED_0053)
        var (kills, trial) = (0, 0)
        while kills < 3 && trial < 12 {
            trial += 1
            let process = try library.start(["import"], ["--jobs", "2", "--lease-seconds", "3"] + paths)
            // Past the first third: the process's start and the library's opening are not what is tested.
            let delay = Double.random(in: (duration / 3)...duration, using: &random)
            try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
            let killed = try await detached { VitrineProcess.killIfRunning(process) }
            let label = "S3 import trial \(trial) (\(killed ? "killed" : "finished") at \(Int(delay * 1000)) ms)"
            let photos = try await library.checkRows(label, rendered: !killed).photos
            let gc = try await library.run(["gc"])
            #expect(gc.status == 0, "\(label): gc: \(gc.output)")
            try await library.checkCollected(label)
            print("\(label): \(photos) photos; gc: \(gc.output.split(separator: "\n").first ?? "")")
            if killed {
                kills += 1
            } else {
                #expect(process.terminationStatus == 0, "\(label): the import failed")
                #expect(photos == paths.count, "\(label): a finished import has every photo")
                duration = delay
                library = try await S3Library("kill-\(trial + 1)")
            }
        }
        #expect(kills >= 3, "only \(kills) of \(trial) imports were killed")
        let rerun = try await library.run(["import"], paths)
        #expect(rerun.status == 0, "re-run: \(rerun.output)")
        #expect(try await library.checkRows("re-run", rendered: true).photos == paths.count)
    }

    /// How long a whole import of `paths` into a fresh bucket takes here, so that the kills spread over it.
    private static func importDuration(_ paths: [String]) async throws -> Double {
        let calibration = try await S3Library("kill-calibration")
        let started = DispatchTime.now()
        let imported = try await calibration.run(["import"], ["--jobs", "2"] + paths)
        try #require(imported.status == 0, "\(imported.output)")
        return KillTrialTests.seconds(since: started)
    }

    @Test func s3FlagsAreCheckedBeforeAnythingOpens() async throws {
        let data = TemporaryDirectory("s3-flags")
        let path = data.path
        let refusals = try await detached {
            let fakeCredentials = ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"]
            return [
                try VitrineProcess.run(
                    ["gc", "--data", path, "--blobs", "s3://some-bucket/p"],
                    environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""]),
                try VitrineProcess.run(["import", "--data", path, "--s3-path-style", path]),
                try VitrineProcess.run(
                    ["serve", "--data", path, "--blobs", "s3://No_Such"], environment: fakeCredentials),
                try VitrineProcess.run(
                    ["gc", "--data", path, "--blobs", "s3://bucket", "--s3-endpoint", "ftp://x"],
                    environment: fakeCredentials),
            ]
        }
        for (refusal, expected) in zip(
            refusals, ["AWS_ACCESS_KEY_ID", "needs --blobs", "bucket name", "is not an http(s)://HOST[:PORT] endpoint"])
        {
            #expect(refusal.status != 0 && refusal.output.contains(expected), "\(refusal.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: data.file("catalog.sqlite")), "a refused command opened it")
    }
}
