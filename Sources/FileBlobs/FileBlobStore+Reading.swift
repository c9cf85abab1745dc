import Blobs
import FileBlobs
import NIOCore
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streaming reads: one descriptor per read, one pool job per chunk, so a slow client holds a descriptor
/// but never a pool thread while it drains what was sent. Each chunk is read while the one before it is
/// consumed, so reading the disk and writing the socket overlap.
extension FileBlobStore {
    /// Bytes read per pool job and handed to the consumer at once.
    public static let readChunkSize = 64 * 1024

    public func read(
        _ key: BlobKey, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        let path = path(for: key)
        let fd = try await executor.run { () throws -> Int32 in
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                if errno == ENOENT { throw BlobStoreError.notFound(key) }
                throw BlobStoreError.io(operation: "open", path: path, errno: errno)
            }
            return fd
        }
        defer { close(fd) }
        var offset = max(0, range?.lowerBound ?? 0)
        /// How much the job reading from `offset` reads: none once `range` is read.
        func want(at offset: Int64) -> Int {
            guard let range else { return Self.readChunkSize }
            guard offset <= range.upperBound else { return 0 }
            // Both bounds are non-negative here, so the difference cannot overflow.
            return Int(min(Int64(Self.readChunkSize), range.upperBound - offset + 1))
        }
        var count = want(at: offset)
        guard count > 0 else { return }
        var chunk = try await readJob(fd, at: offset, count: count, path: path)
        while true {
            if chunk.readableBytes == 0 {
                // The end of the file: expected for a whole read, a shrunken file for a range.
                guard range == nil else { throw BlobStoreError.io(operation: "read", path: path, errno: EIO) }
                return
            }
            offset += Int64(chunk.readableBytes)
            count = want(at: offset)
            // The next chunk is read while this one is consumed. A child task: whatever happens here, it
            // ends before this scope does, so before the descriptor closes.
            let (nextOffset, nextCount) = (offset, count)
            async let next = nextCount > 0 ? readJob(fd, at: nextOffset, count: nextCount, path: path) : ByteBuffer()
            try await consume(chunk)
            guard count > 0 else {
                _ = try await next
                return
            }
            chunk = try await next
        }
    }

    /// One pool job: up to `count` bytes from `offset`.
    private func readJob(_ fd: Int32, at offset: Int64, count: Int, path: String) async throws -> ByteBuffer {
        try await executor.run { try Self.readChunk(fd, at: offset, count: count, path: path) }
    }

    /// Up to `count` bytes from `offset`; empty at the end of the file.
    static func readChunk(_ fd: Int32, at offset: Int64, count: Int, path: String) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
            while true {
                let got = pread(fd, raw.baseAddress, count, off_t(offset))
                if got >= 0 { return got }
                if errno != EINTR { throw BlobStoreError.io(operation: "read", path: path, errno: errno) }
            }
        }
        return buffer
    }
}
