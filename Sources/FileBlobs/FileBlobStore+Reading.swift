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
/// but never a pool thread while it drains what was sent.
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
        while true {
            var want = Self.readChunkSize
            if let range {
                guard offset <= range.upperBound else { return }
                // Both bounds are non-negative here, so the difference cannot overflow.
                want = Int(min(Int64(want), range.upperBound - offset + 1))
            }
            let (start, count) = (offset, want)
            let chunk = try await executor.run { try Self.readChunk(fd, at: start, count: count, path: path) }
            if chunk.readableBytes == 0 {
                // The end of the file: expected for a whole read, a shrunken file for a range.
                guard range == nil else { throw BlobStoreError.io(operation: "read", path: path, errno: EIO) }
                return
            }
            offset += Int64(chunk.readableBytes)
            try await consume(chunk)
        }
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
