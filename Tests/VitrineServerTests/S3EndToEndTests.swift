import Blobs
import Foundation
import TestSupport
import Testing
import VitrineAPI
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

    /// The blob name in an asset URL (`/assets/<sha256>[.ext]`).
    static func hex(ofURL url: String) -> String { String(String(url.split(separator: "/").last ?? "").prefix(64)) }

    static func page(port: Int) throws -> PhotoPage {
        let response = try HTTPExchange.send(port: port, method: "GET", path: "/api/v1/photos?limit=100")
        try #require(response.status == 200, "\(response.text)")
        return try JSONDecoder().decode(PhotoPage.self, from: Data(response.body))
    }

    /// Every original of the page, its bytes and a range of them, and its ETag answered 304.
    static func checkAssets(port: Int, sources: [String: [UInt8]], _ label: String) throws -> PhotoPage {
        let page = try page(port: port)
        #expect(page.items.count == sources.count, "\(label): \(page.items.count) photos listed")
        for item in page.items {
            let source = try #require(
                sources[hex(ofURL: item.original.url)], "\(label): \(item.original.url) is no source")
            let whole = try HTTPExchange.send(port: port, method: "GET", path: item.original.url)
            #expect(whole.status == 200 && whole.body == source, "\(label): \(item.original.url) is not byte-exact")
            let etag = try #require(whole.headers["etag"], "\(label): no ETag")
            let range = try HTTPExchange.send(
                port: port, method: "GET", path: item.original.url, headers: ["Range": "bytes=100-1099"])
            #expect(range.status == 206 && range.body == Array(source[100..<1100]), "\(label): range")
            #expect(range.headers["content-range"] == "bytes 100-1099/\(source.count)", "\(label): Content-Range")
            let fresh = try HTTPExchange.send(
                port: port, method: "GET", path: item.original.url, headers: ["If-None-Match": etag])
            #expect(fresh.status == 304 && fresh.body.isEmpty, "\(label): If-None-Match answered \(fresh.status)")
        }
        return page
    }

    static func sources(_ paths: [String]) -> [String: [UInt8]] {
        Dictionary(paths.map { (BlobKey.of(Fixtures.bytes(of: $0)).hex, Fixtures.bytes(of: $0)) }) { a, _ in a }
    }

    @Test func importServeUploadDeleteAndCollectOnS3() throws {
        let library = try S3Library("e2e")
        let inputs = TemporaryDirectory("s3-e2e-inputs")
        let paths = try Self.photos(inputs, count: 3, seed: 1700)
        let imported = try library.run(["import"], paths)
        try #require(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("imported: 3"), "\(imported.output)")
        let (photos, referenced) = try library.checkRows("after import")
        #expect(photos == 3)
        #expect(try library.storedBlobs() == referenced, "the bucket holds exactly the imported blobs")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: library.data.file("blobs")))?.isEmpty ?? true,
            "no blob was written to the data folder")
        var sources = Self.sources(paths)
        let first = try #require(sources.keys.sorted().first)
        let object = try library.object(first)
        #expect(object["contentType"] as? String == "image/jpeg")
        #expect(object["cacheControl"] as? String == "public, max-age=31536000, immutable")

        let log = library.data.file("server.log")
        let server = try library.serve(log: log)
        defer { server.stop() }
        let page = try Self.checkAssets(port: server.port, sources: sources, "S3")
        let serverLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(serverLog.contains("blobs in \(library.url)"), "serve says where the blobs are:\n\(serverLog)")

        // A sized variant is rendered from the original downloaded from the bucket, and stored there.
        let before = try library.storedBlobs()
        let photo = try #require(page.items.first)
        let sized = try HTTPExchange.send(
            port: server.port, method: "GET", path: "/api/v1/photos/\(photo.id)/sized/640.jpg")
        #expect(sized.status == 200 && sized.body.starts(with: [0xFF, 0xD8, 0xFF]), "sized: \(sized.status)")
        let made = try library.storedBlobs().subtracting(before)
        #expect(made == [BlobKey.of(sized.body).hex], "the sized variant is stored in the bucket")

        // An upload lands in the bucket; a deletion takes its photo's blobs out of it.
        let token = try AdminToken(directory: library.data.path).loadOrCreate().token
        let upload = Fixtures.bytes(
            of: try Fixtures.write(inputs.file("upload.jpg"), width: 800, height: 600, seed: 1799))
        let created = try HTTPExchange.send(
            port: server.port, method: "POST", path: "/api/v1/photos?filename=upload.jpg",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "image/jpeg"], body: upload)
        #expect(created.status == 201, "upload: \(created.text)")
        #expect(try library.storedBlobs().contains(BlobKey.of(upload).hex), "the upload's original is in the bucket")
        sources[BlobKey.of(upload).hex] = upload

        let victim = try #require(page.items.last)
        let keysBefore = try library.checkRows("before the deletion").referenced
        let deleted = try HTTPExchange.send(
            port: server.port, method: "DELETE", path: "/api/v1/photos/\(victim.id)",
            headers: ["Authorization": "Bearer \(token)"])
        #expect(deleted.status == 204, "delete: \(deleted.text)")
        let keysAfter = try library.checkRows("after the deletion").referenced
        let gone = keysBefore.subtracting(keysAfter)
        let remaining = try library.storedBlobs()
        #expect(!gone.isEmpty && gone.isDisjoint(with: remaining), "the deleted photo's blobs left the bucket")
        sources.removeValue(forKey: Self.hex(ofURL: victim.original.url))
        _ = try Self.checkAssets(port: server.port, sources: sources, "S3 after upload and delete")

        // gc beside the server: planted orphans go, referenced blobs and objects that are not blobs stay.
        let orphans = try [library.plantOrphan(seed: 1), library.plantOrphan(seed: 2)]
        try library.plant("notes/readme.txt", bytes: Array("not a blob".utf8))
        let gc = try library.run(["gc"])
        #expect(gc.status == 0 && gc.output.contains("deleted 2 unused files"), "\(gc.output)")
        try library.checkCollected("gc on S3")
        let afterGC = try library.storedBlobs()
        #expect(afterGC.isDisjoint(with: orphans))
        #expect(try library.objectKeys().contains("\(library.prefix)/notes/readme.txt"), "gc kept a non-blob object")
    }

    @Test func importServeAndCollectThroughDropsAndSlowDowns() throws {
        let peer = try S3Peer.shared()
        let proxy = try FaultProxy(targetPort: peer.port, seed: 17_0017, dropShare: 0.1, slowDownShare: 0.1)
        defer { proxy.stop() }
        let library = try S3Library("faults", endpoint: proxy.endpoint)
        let inputs = TemporaryDirectory("s3-faults-inputs")
        let paths = try Self.photos(inputs, count: 3, seed: 1750)
        let imported = try library.run(["import"], paths)
        #expect(imported.status == 0 && imported.output.contains("imported: 3"), "\(imported.output)")
        #expect(try library.checkRows("import through faults").photos == 3)

        let server = try library.serve(log: library.data.file("server.log"))
        let page = try Self.checkAssets(port: server.port, sources: Self.sources(paths), "through faults")
        for item in page.items {
            let sized = try HTTPExchange.send(
                port: server.port, method: "GET", path: "/api/v1/photos/\(item.id)/sized/150.jpg")
            #expect(sized.status == 200, "sized through faults: \(sized.status) \(sized.text.prefix(200))")
        }
        server.stop()
        try library.plantOrphan(seed: 9)
        let gc = try library.run(["gc"])
        #expect(gc.status == 0, "\(gc.output)")
        try library.checkRows("gc through faults")
        try library.checkCollected("gc through faults")
        let counts = proxy.stop()
        #expect((counts["dropped"] ?? 0) + (counts["slowdown"] ?? 0) > 0, "the proxy injected no fault: \(counts)")
        print("S3 through faults: \(counts)")
    }

    @Test func importIntoS3KilledAtSeededMomentsLeavesOnlyOrphans() throws {
        let inputs = TemporaryDirectory("s3-kill-inputs")
        let paths = try Self.photos(inputs, count: 4, seed: 1800)
        // How long a whole import takes here, so that the kills spread over it.
        let calibration = try S3Library("kill-calibration")
        let started = DispatchTime.now()
        #expect(try calibration.run(["import"], ["--jobs", "2"] + paths).status == 0)
        let duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

        let library = try S3Library("kill")
        var random = SeededGenerator(seed: 0x5EED_0053)
        print(
            "S3 import kill trials: a whole import of \(paths.count) photos takes \(String(format: "%.2f", duration)) s"
        )
        var kills = 0
        for trial in 1...5 {
            let process = try library.start(["import"], ["--jobs", "2"] + paths)
            // Past the first third: the process's start and the library's opening are not what is tested.
            Thread.sleep(forTimeInterval: Double.random(in: (duration / 3)...duration, using: &random))
            let killed = process.isRunning
            if killed {
                VitrineProcess.kill(process)
                kills += 1
            } else {
                process.waitUntilExit()
            }
            let label = "S3 import trial \(trial) (\(killed ? "killed" : "finished"))"
            let photos = try library.checkRows(label).photos
            let gc = try library.run(["gc"])
            #expect(gc.status == 0, "\(label): gc: \(gc.output)")
            try library.checkCollected(label)
            print("\(label): \(photos) photos; gc: \(gc.output.split(separator: "\n").first ?? "")")
        }
        let rerun = try library.run(["import"], paths)
        #expect(rerun.status == 0, "re-run: \(rerun.output)")
        #expect(try library.checkRows("re-run").photos == paths.count)
        #expect(kills >= 1, "no import was killed")
    }

    @Test func s3FlagsAreCheckedBeforeAnythingOpens() throws {
        let data = TemporaryDirectory("s3-flags")
        let noCredentials = ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""]
        let missing = try VitrineProcess.run(
            ["gc", "--data", data.path, "--blobs", "s3://some-bucket/p"], environment: noCredentials)
        #expect(missing.status != 0 && missing.output.contains("AWS_ACCESS_KEY_ID"), "\(missing.output)")
        let stray = try VitrineProcess.run(["import", "--data", data.path, "--s3-path-style", data.path])
        #expect(stray.status != 0 && stray.output.contains("needs --blobs"), "\(stray.output)")
        let malformed = try VitrineProcess.run(
            ["serve", "--data", data.path, "--blobs", "s3://No_Such"],
            environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
        #expect(malformed.status != 0 && malformed.output.contains("bucket name"), "\(malformed.output)")
        #expect(
            !FileManager.default.fileExists(atPath: data.file("catalog.sqlite")), "a refused command opened the library"
        )
    }
}
