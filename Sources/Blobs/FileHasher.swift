import Crypto
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams a file through SHA-256 in fixed-size chunks, so memory stays flat whatever the file size.
public enum FileHasher {
    static let chunkSize = 1 << 20

    public static func sha256(path: String) throws -> (key: BlobKey, size: Int64) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var hasher = SHA256()
        let size = try forEachChunk(of: fd, path: path) { hasher.update(bufferPointer: $0) }
        return (BlobKey(digest: hasher.finalize()), size)
    }

    /// Reads `fd` to its end, handing each chunk to `body`; returns the byte count.
    public static func forEachChunk(
        of fd: Int32, path: String, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws
        -> Int64
    {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(fd, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return total }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
    }
}
