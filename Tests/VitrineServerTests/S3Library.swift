import Blobs
import Catalog
import CatalogSQLite
import Foundation
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

/// A library whose blobs live under a prefix of a fresh bucket of the moto peer, driven through the real
/// `vitrine` binary (`--blobs s3://…` and the credentials in its environment) and checked from outside:
/// the bucket through boto3, the catalog as rows.
///
/// Its methods wait for child processes, boto3 and sockets on threads of their own (`detached`): a test
/// blocking a thread of Swift's small cooperative pool would starve the other tests' servers and clients
/// running beside it. Checks (`#expect`) stay in the test's task, where they are attributed to it.
struct S3Library: Sendable {
    let peer: S3Peer
    let bucket: String
    let prefix = "library"
    let data: TemporaryDirectory
    /// The endpoint the binary is given: moto itself, or a fault proxy in front of it.
    let endpoint: String

    init(_ label: String, endpoint: String? = nil) async throws {
        let peer = try await detached { try S3Peer.shared() }
        self.peer = peer
        bucket = try await detached { try peer.makeBucket(label) }
        data = TemporaryDirectory("s3-\(label)")
        self.endpoint = endpoint ?? peer.endpoint
    }

    var url: String { "s3://\(bucket)/\(prefix)" }

    /// The flags that put a command's blobs in this bucket.
    var flags: [String] { ["--blobs", url, "--s3-endpoint", endpoint, "--s3-path-style"] }

    var environment: [String: String] {
        [
            "AWS_ACCESS_KEY_ID": peer.accessKeyId, "AWS_SECRET_ACCESS_KEY": peer.secretAccessKey,
            "AWS_REGION": peer.region,
        ]
    }

    /// Runs `vitrine command --data DATA <flags> rest…` to its end.
    func run(_ command: [String], _ rest: [String] = []) async throws -> (status: Int32, output: String) {
        try await vitrine(command + ["--data", data.path] + flags + rest)
    }

    /// Runs `vitrine arguments…` with this library's credentials in its environment.
    func vitrine(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let environment = environment
        return try await detached { try VitrineProcess.run(arguments, environment: environment) }
    }

    /// Runs `vitrine blobs migrate --data DATA --to <bucket> …`: the data folder's disk blobs into the bucket.
    func migrate() async throws -> (status: Int32, output: String) {
        try await vitrine(
            ["blobs", "migrate", "--data", data.path, "--to", url, "--s3-endpoint", endpoint, "--s3-path-style"])
    }

    func start(_ command: [String], _ rest: [String] = []) throws -> Process {
        try VitrineProcess.start(command + ["--data", data.path] + flags + rest, environment: environment)
    }

    func serve(log: String? = nil) async throws -> LiveVitrineServer {
        let (path, flags, environment) = (data.path, flags, environment)
        return try await detached {
            try LiveVitrineServer(data: path, log: log, arguments: flags, environment: environment)
        }
    }

    /// Every object key of the bucket, as boto3 lists them.
    func objectKeys() async throws -> [String] {
        let (peer, bucket) = (peer, bucket)
        let output = try await detached { try peer.tool(["keys", bucket]) }
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String] ?? []
    }

    /// The SHA-256 of every object's bytes and its Content-Type, by object key (one boto3 run).
    func inventory() async throws -> [String: (sha256: String, contentType: String?)] {
        let (peer, bucket) = (peer, bucket)
        let output = try await detached { try peer.tool(["inventory", bucket]) }
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: String]] ?? [:]
        return objects.mapValues { ($0["sha256"] ?? "", $0["contentType"]) }
    }

    /// The blob names of the bucket's objects laid out as blobs (`PREFIX/ab/cd/<sha256>`).
    func storedBlobs() async throws -> Set<String> {
        Set(try await objectKeys().compactMap(blobName))
    }

    func blobName(_ objectKey: String) -> String? {
        let parts = objectKey.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == prefix, let key = BlobKey(hex: parts[3]),
            parts[1] == key.hex.prefix(2), parts[2] == key.hex.dropFirst(2).prefix(2)
        else { return nil }
        return key.hex
    }

    func objectKey(_ hex: String) -> String { "\(prefix)/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)" }

    /// What boto3 reads of a blob's object: size, contentType, cacheControl, etag, sha256.
    func object(_ hex: String) async throws -> [String: Any] {
        let (peer, bucket, key) = (peer, bucket, objectKey(hex))
        let output = try await detached { try peer.tool(["object", bucket, key]) }
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    }

    /// Puts an object the store did not write (`name` under the prefix).
    func plant(_ name: String, bytes: [UInt8]) async throws {
        let file = data.file("planted-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (peer, arguments) = (peer, ["put", bucket, "\(prefix)/\(name)", file])
        try await detached { try peer.tool(arguments) }
    }

    /// Plants an object under a blob's key whose bytes no photo uses: an orphan for `gc`.
    @discardableResult
    func plantOrphan(seed: UInt8) async throws -> String {
        let bytes = (0..<777).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
        let hex = BlobKey.of(bytes).hex
        try await plant(String(objectKey(hex).dropFirst(prefix.count + 1)), bytes: bytes)
        return hex
    }

    func removeObjects(_ hexes: [String]) async throws {
        let (peer, arguments) = (peer, ["delete", bucket] + hexes.map(objectKey))
        try await detached { try peer.tool(arguments) }
    }

    /// No photo is half-written: every photo is whole (`WholePhoto`; with `rendered`, every photo has all its
    /// variants), and every blob the catalog names is in the
    /// bucket with bytes that hash to its name and, for variants, the Content-Type their row records. Returns
    /// the photos and the referenced blob names.
    @discardableResult
    func checkRows(_ label: String, rendered: Bool = false) async throws -> (photos: Int, referenced: Set<String>) {
        let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
        let items = try await catalog.page(after: nil, limit: 500, filter: PhotoFilter()).items
        for item in items {
            if let problem = try await WholePhoto.problem(item, queue: catalog) { Issue.record("\(label): \(problem)") }
            if rendered && item.photo.status != .ready {
                Issue.record("\(label): \(item.photo.id) is \(item.photo.status.rawValue)")
            }
        }
        let referenced = Set(try await catalog.referencedBlobKeys().map(\.hex))
        let objects = try await inventory()
        for hex in referenced {
            guard let object = objects[objectKey(hex)] else {
                Issue.record("\(label): blob \(hex) of a catalogued photo is not in the bucket")
                continue
            }
            #expect(object.sha256 == hex, "\(label): object \(hex) is damaged")
        }
        for variant in items.flatMap({ $0.variants.values }) {
            let stored = objects[objectKey(variant.blobKey.hex)]?.contentType
            #expect(stored == variant.mimeType, "\(label): \(variant.blobKey) is \(stored ?? "untyped")")
        }
        return (items.count, referenced)
    }

    /// After `gc` with no writer running: the bucket's blobs are exactly the referenced ones, no lease left.
    func checkCollected(_ label: String) async throws {
        let catalog = try SQLiteCatalog(path: data.file("catalog.sqlite"))
        let stored = try await storedBlobs()
        #expect(
            try await stored == Set(catalog.referencedBlobKeys().map(\.hex)),
            "\(label): the bucket ≠ the referenced blobs")
        #expect(try await catalog.leases().isEmpty, "\(label): leases remain after gc")
    }
}

/// Runs blocking work (a child process, boto3, a socket exchange) on a thread of its own and awaits it.
@discardableResult
func detached<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await offPool { Result { try body() } }.get()
}

/// Handed from the thread that started it to the test's task, and used by one at a time.
extension LiveVitrineServer: @unchecked Sendable {}
