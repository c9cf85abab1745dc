import Blobs
import Crypto
import NIOCore
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension S3BlobStore {
    /// Downloads the blob into a private (0600) file of this process's temporary folder, checks that its
    /// bytes hash to `key`, runs `body` with its path, and removes it whether `body` returns or throws.
    public func withLocalFile<T: Sendable>(_ key: BlobKey, _ body: (String) async throws -> T) async throws -> T {
        let (fd, path) = try await executor.run { [temporaries] in try temporaries.create(prefix: "download-") }
        let file = WritableFile(fd: fd, path: path)
        do {
            try await download(key, into: file)
            let result = try await body(path)
            try await executor.run { file.remove() }
            return result
        } catch {
            _ = try? await executor.run { file.remove() }
            throw error
        }
    }

    /// Writes the blob to `file` in batches of about 1 MiB, hashing it as it comes.
    private func download(_ key: BlobKey, into file: WritableFile) async throws {
        var hasher = SHA256()
        var pending: [UInt8] = []
        let batch = 1 << 20
        try await read(key, range: nil) { chunk in
            chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
            pending += chunk.readableBytesView
            if pending.count >= batch {
                let bytes = pending
                pending = []
                try await executor.run { try file.append(bytes) }
            }
        }
        let rest = pending
        try await executor.run { try file.append(rest) }
        let actual = Hex.encode(hasher.finalize())
        guard actual == key.hex else {
            throw BlobStoreError.remote(
                operation: "GetObject", status: 200, code: "BadDigest",
                message: "the bytes of \(key) downloaded hash to \(actual)")
        }
    }
}

/// A temporary file being written, closed and removed at the end.
final class WritableFile: Sendable {
    let fd: Int32
    let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    func append(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "write", path: path, errno: errno)
            }
            written += count
        }
    }

    func remove() {
        unlink(path)
    }

    deinit { close(fd) }
}
