import Blobs
import Catalog
import CatalogPostgres
import Foundation
import Logging
import TestSupport
import Testing
import VitrineCore

/// One test's cluster: a fresh database on the target's PostgreSQL server, a fresh bucket on its S3 peer,
/// and the servers the test starts on them (each with a data folder of its own under `scratch`).
/// The PostgreSQL server and the S3 peer are shared by the whole target; nothing else is.
struct ClusterLibrary: Sendable {
    let catalogURL: String
    let peer: S3Peer
    let bucket: String
    let prefix = "library"
    let scratch: TemporaryDirectory

    init(_ label: String, catalogURL: String? = nil) async throws {
        if let catalogURL {
            self.catalogURL = catalogURL
        } else {
            self.catalogURL = try await onThread { try PostgresServer.shared().makeDatabase(label) }
        }
        let peer = try await onThread { try S3Peer.shared() }
        self.peer = peer
        bucket = try await onThread { try peer.makeBucket(label) }
        scratch = TemporaryDirectory("cluster-\(label)")
    }

    /// The flags that put a command on the shared catalog and bucket.
    var flags: [String] {
        [
            "--catalog", catalogURL, "--blobs", "s3://\(bucket)/\(prefix)", "--s3-endpoint", peer.endpoint,
            "--s3-path-style",
        ]
    }

    var environment: [String: String] {
        [
            "AWS_ACCESS_KEY_ID": peer.accessKeyId, "AWS_SECRET_ACCESS_KEY": peer.secretAccessKey,
            "AWS_REGION": peer.region,
        ]
    }

    /// Starts `vitrine serve` named `name` (its data folder `scratch/name`) without waiting for it.
    func launch(_ name: String, _ extra: [String] = []) throws -> ClusterServer {
        try ClusterServer(
            name: name, data: scratch.file(name), arguments: flags + extra, environment: environment)
    }

    /// Starts a server and waits until it answers.
    func start(_ name: String, _ extra: [String] = []) async throws -> ClusterServer {
        let server = try launch(name, extra)
        try await server.waitUntilHealthy()
        return server
    }

    /// Runs `vitrine command… <flags> rest…` to its end, with its own data folder.
    func run(_ command: [String], _ rest: [String] = []) async throws -> (status: Int32, output: String) {
        let binary = try #require(VitrineBinary.path)
        let arguments = command + ["--data", scratch.file("cli")] + flags + rest
        let environment = environment
        return try await onThread { try ChildProcess.run(binary, arguments, environment: environment) }
    }

    /// A JPEG of its own (distinct bytes per seed) taken at `takenAt` ("YYYY:MM:DD HH:MM:SS").
    func photo(seed: UInt32, takenAt: String = "2020:01:01 10:00:00") throws -> [UInt8] {
        let path = try Fixtures.write(
            scratch.file("photo-\(seed).jpg"), width: 160, height: 120, seed: seed,
            fields: ["exif-ifd2-DateTimeOriginal": takenAt])
        return Fixtures.bytes(of: path)
    }

    /// The catalog as another process sees it.
    func withCatalog<T: Sendable>(_ body: (PostgresCatalog) async throws -> T) async throws -> T {
        let catalog = try await PostgresCatalog.open(
            try PostgresCatalogConfiguration(url: catalogURL), leaseHolder: nil, logger: Logger(label: "cluster-test"))
        do {
            let result = try await body(catalog)
            await catalog.close()
            return result
        } catch {
            await catalog.close()
            throw error
        }
    }

    /// Nothing is half-written: every photo has all its variants, and every blob the catalog names is in
    /// the bucket with bytes that hash to its name. Returns the photo ids and the referenced blob names.
    @discardableResult
    func checkNothingHalfWritten(_ label: String) async throws -> (ids: Set<String>, referenced: Set<String>) {
        let (ids, referenced) = try await withCatalog { catalog in
            var ids: Set<String> = []
            var cursor: PageCursor?
            repeat {
                let page = try await catalog.page(after: cursor, limit: 200, filter: PhotoFilter())
                for item in page.items {
                    ids.insert(item.photo.id)
                    #expect(
                        item.variants.count == VariantKind.madeAtImport.count,
                        "\(label): \(item.photo.id) is half-written")
                }
                cursor = page.nextCursor
            } while cursor != nil
            return (ids, Set(try await catalog.referencedBlobKeys().map(\.hex)))
        }
        let objects = try await inventory()
        for hex in referenced {
            guard let sha256 = objects[objectKey(hex)] else {
                Issue.record("\(label): blob \(hex) of a catalogued photo is not in the bucket")
                continue
            }
            #expect(sha256 == hex, "\(label): object \(hex) is damaged")
        }
        return (ids, referenced)
    }

    /// The SHA-256 of every object's bytes, by object key (boto3, through the peer's helper).
    func inventory() async throws -> [String: String] {
        let (peer, bucket) = (peer, bucket)
        let output = try await onThread { try peer.tool(["inventory", bucket]) }
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: String]] ?? [:]
        return objects.compactMapValues { $0["sha256"] }
    }

    /// The blob names the bucket holds under the prefix.
    func storedBlobs() async throws -> Set<String> {
        Set(
            try await inventory().keys.compactMap { key in
                let parts = key.split(separator: "/").map(String.init)
                guard parts.count == 4, parts[0] == prefix, let blob = BlobKey(hex: parts[3]) else { return nil }
                return blob.hex
            })
    }

    func objectKey(_ hex: String) -> String { "\(prefix)/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)" }
}
