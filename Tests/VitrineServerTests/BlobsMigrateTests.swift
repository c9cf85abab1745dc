import Blobs
import Foundation
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine blobs migrate --to s3://…` with the real binary and the moto peer: a disk library copied to a
/// bucket, resumed after objects went missing, refusing a damaged disk blob, then served from the bucket.
@Suite(.serialized) struct BlobsMigrateTests {
    @Test func migrateResumeRefuseDamageAndServeFromTheBucket() async throws {
        let library = try await S3Library("migrate")
        let inputs = TemporaryDirectory("migrate-inputs")
        let paths = try (0..<3).map {
            try Fixtures.write(inputs.file("m-\($0).jpg"), width: 900, height: 600, seed: UInt32(1900 + $0))
        }
        let imported = try await library.vitrine(["import", "--data", library.data.path] + paths)
        try #require(imported.status == 0, "\(imported.output)")
        let onDisk = Set(try LibraryInvariants.storedBlobNames(library.data.path))

        let first = try await library.migrate()
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains(": \(onDisk.count) copied"), "\(first.output)")
        #expect(first.output.contains("\(onDisk.count)/\(onDisk.count) blobs"), "progress line: \(first.output)")
        #expect(try await library.storedBlobs() == onDisk, "the bucket holds every disk blob")
        // Every variant's object has its row's Content-Type (WebP thumbs among them).
        let (_, referenced) = try await library.checkRows("after the migration")
        #expect(referenced.isSubset(of: onDisk))
        let original = BlobKey.of(Fixtures.bytes(of: paths[0])).hex
        #expect(try await library.object(original)["contentType"] as? String == "image/jpeg")
        #expect(try await library.object(original)["cacheControl"] as? String == "public, max-age=31536000, immutable")

        // Resume: only what is missing is copied again.
        let removed = Array(onDisk.sorted().prefix(2))
        try await library.removeObjects(removed)
        let second = try await library.migrate()
        #expect(second.status == 0, "\(second.output)")
        #expect(
            second.output.contains(": 2 copied") && second.output.contains("\(onDisk.count - 2) already there"),
            "\(second.output)")
        #expect(try await library.storedBlobs() == onDisk)

        // The same library, served from the bucket.
        let server = try await library.serve()
        let asset = try await S3EndToEndTests.http(server.port, "/assets/\(original)")
        #expect(asset.status == 200 && asset.body == Fixtures.bytes(of: paths[0]), "served from S3 byte-exactly")
        server.stop()

        // A damaged disk blob is refused with its key, nothing is stored under its name, and the exit is 1.
        let damaged = try #require(onDisk.sorted().last)
        let path = LibraryInvariants.blobPath(library.data.path, damaged)
        try await library.removeObjects([damaged])
        chmod(path, 0o600)
        var bytes = Fixtures.bytes(of: path)
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let third = try await library.migrate()
        #expect(third.status == 1, "\(third.output)")
        #expect(third.output.contains("failed: \(damaged): the disk copy is damaged"), "\(third.output)")
        #expect(!(try await library.storedBlobs().contains(damaged)), "a damaged blob was stored under its name")
        #expect(try await library.objectKeys().count == onDisk.count - 1, "nothing else was stored")
    }

    @Test func migrateRefusesAFolderWithoutALibrary() async throws {
        let data = TemporaryDirectory("migrate-empty")
        let path = data.path
        let result = try await detached {
            try VitrineProcess.run(
                ["blobs", "migrate", "--data", path, "--to", "s3://some-bucket"],
                environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
        }
        #expect(result.status != 0 && result.output.contains("no library"), "\(result.output)")
    }
}
