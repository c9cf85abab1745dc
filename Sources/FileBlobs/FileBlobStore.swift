import Blobs
import Crypto
import FileBlobs
import Scheduling
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blobs as files under `root/blobs/ab/cd/<sha256>`, written to this process's folder under `root/tmp`
/// first, fsynced, then renamed.
///
/// A rename within one file system is atomic, so a reader or a crash sees either no blob or the whole blob.
/// Every folder the store creates is fsynced into its parent, so a blob the catalog records cannot vanish
/// with its folder in a power cut. Folders are 0700 and files 0600: photos are private until served.
/// Temporaries a killed process leaves are removed by `removeTemporaries()` (see `TemporaryArea`).
///
/// Every file system call runs on `executor`, a bounded pool, never on Swift's cooperative threads.
public struct FileBlobStore: Sendable {
    public let root: String
    public let executor: BoundedExecutor
    var blobsDirectory: String { root + "/blobs" }
    public var temporaryDirectory: String { root + "/tmp" }
    public var temporaries: TemporaryArea { TemporaryArea(root: temporaryDirectory) }

    /// Threads doing the store's file work at once when the caller gives no executor.
    public static let defaultThreads = 8
    /// File jobs that may wait for a thread before the store refuses with `BusyError`.
    public static let defaultQueueLimit = 1024

    public init(root: String, executor: BoundedExecutor? = nil) throws {
        self.root = root
        self.executor =
            executor
            ?? BoundedExecutor(
                label: "vitrine.blobs", width: Self.defaultThreads, queueLimit: Self.defaultQueueLimit,
                refusal: "the blob store is busy; try again shortly")
        try DurableDirectory.make(root, intermediates: true)
        try DurableDirectory.make(root + "/blobs")
        try DurableDirectory.make(root + "/tmp")
    }

    public func path(for key: BlobKey) -> String {
        let hex = key.hex
        return "\(blobsDirectory)/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)"
    }

    /// Byte size of a stored blob, or nil when absent.
    func size(of key: BlobKey) throws -> Int64? {
        var info = stat()
        guard stat(path(for: key), &info) == 0 else {
            if errno == ENOENT { return nil }
            throw BlobStoreError.io(operation: "stat", path: path(for: key), errno: errno)
        }
        return Int64(info.st_size)
    }

    func write(_ bytes: [UInt8]) throws -> BlobKey {
        let key = BlobKey(digest: SHA256.hash(data: bytes))
        if try size(of: key) != nil { return key }
        try writeDurably(key: key) { fd, tmpPath in
            try bytes.withUnsafeBytes { try PosixFiles.writeAll(fd, $0, path: tmpPath) }
        }
        return key
    }

    func writeFile(at sourcePath: String, expected: BlobKey?) throws -> (key: BlobKey, size: Int64) {
        if let expected, let size = try size(of: expected) { return (expected, size) }
        let input = open(sourcePath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw BlobStoreError.io(operation: "open", path: sourcePath, errno: errno) }
        defer { close(input) }
        let (output, tmpPath) = try temporaries.create(prefix: "blob-")
        var closed = false
        defer {
            if !closed { close(output) }
            unlink(tmpPath)  // no-op after a successful rename
        }
        var hasher = SHA256()
        let size = try FileHasher.forEachChunk(of: input, path: sourcePath) { chunk in
            hasher.update(bufferPointer: chunk)
            try PosixFiles.writeAll(output, chunk, path: tmpPath)
        }
        let key = BlobKey(digest: hasher.finalize())
        if let expected, expected != key { throw BlobStoreError.contentChanged(expected: expected, actual: key) }
        guard fsync(output) == 0 else { throw BlobStoreError.io(operation: "fsync", path: tmpPath, errno: errno) }
        close(output)
        closed = true
        try publish(tmpPath, as: key)
        return (key, size)
    }

    func delete(_ key: BlobKey) throws {
        guard unlink(path(for: key)) == 0 || errno == ENOENT else {
            throw BlobStoreError.io(operation: "unlink", path: path(for: key), errno: errno)
        }
    }

    // MARK: - Durable writes

    private func writeDurably(key: BlobKey, _ fill: (Int32, String) throws -> Void) throws {
        let (fd, tmpPath) = try temporaries.create(prefix: "blob-")
        var closed = false
        defer {
            if !closed { close(fd) }
            unlink(tmpPath)
        }
        try fill(fd, tmpPath)
        guard fsync(fd) == 0 else { throw BlobStoreError.io(operation: "fsync", path: tmpPath, errno: errno) }
        close(fd)
        closed = true
        try publish(tmpPath, as: key)
    }

    /// Renames a synced temporary into place and syncs the directory so the name itself survives a crash
    /// (new shard folders are synced into their parents as they are made).
    private func publish(_ tmpPath: String, as key: BlobKey) throws {
        let hex = key.hex
        let outer = "\(blobsDirectory)/\(hex.prefix(2))"
        let shard = "\(outer)/\(hex.dropFirst(2).prefix(2))"
        try DurableDirectory.make(outer)
        try DurableDirectory.make(shard)
        guard rename(tmpPath, path(for: key)) == 0 else {
            throw BlobStoreError.io(operation: "rename", path: path(for: key), errno: errno)
        }
        try DurableDirectory.sync(shard)
    }
}
