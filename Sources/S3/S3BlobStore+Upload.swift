import Blobs
import Crypto
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension S3BlobStore {
    /// PutObject of a file up to the multipart threshold, read whole and hashed again: if the file changed
    /// after it was hashed, nothing is sent and `contentChanged` is thrown.
    func uploadWhole(path: String, key: BlobKey, contentType: String) async throws {
        let limit = client.configuration.multipartThreshold
        let bytes = try await executor.run { try LocalFile.reading(path).readAll(limit: limit) }
        let actual = BlobKey.of(bytes)
        guard actual == key else { throw BlobStoreError.contentChanged(expected: key, actual: actual) }
        try await client.putObject(objectKey(for: key), body: bytes, headers: objectHeaders(contentType: contentType))
    }

    /// A multipart upload in `partSize` parts, read one at a time and hashed as they go; completed only when
    /// the bytes sent hash to `key`. Any failure aborts the upload, so no parts stay behind.
    func uploadInParts(path: String, key: BlobKey, size: Int64, contentType: String) async throws {
        let objectKey = objectKey(for: key)
        let file = try await executor.run { try LocalFile.reading(path) }
        let partSize = max(1, client.configuration.partSize)
        let uploadId = try await client.createMultipartUpload(
            objectKey, headers: objectHeaders(contentType: contentType))
        do {
            var hasher = SHA256()
            var parts: [S3UploadedPart] = []
            var offset: Int64 = 0
            while true {
                let start = offset
                let part = try await executor.run { try file.read(at: start, count: partSize) }
                if part.isEmpty { break }
                hasher.update(data: part)
                parts.append(
                    try await client.uploadPart(objectKey, uploadId: uploadId, number: parts.count + 1, body: part))
                offset += Int64(part.count)
            }
            guard let actual = BlobKey(hex: Hex.encode(hasher.finalize())), actual == key, offset == size else {
                let actual = BlobKey(hex: Hex.encode(hasher.finalize())) ?? key
                throw BlobStoreError.contentChanged(expected: key, actual: actual)
            }
            try await complete(objectKey, uploadId: uploadId, parts: parts, size: size)
        } catch {
            // Not cancelled with the caller: the abort is what leaves no parts behind.
            let client = client
            await Task { try? await client.abortMultipartUpload(objectKey, uploadId: uploadId) }.value
            throw error
        }
    }

    /// CompleteMultipartUpload; when a retry finds the upload gone (an earlier attempt completed it but its
    /// answer was lost), the object of the right size is the proof it was completed.
    private func complete(_ objectKey: String, uploadId: String, parts: [S3UploadedPart], size: Int64) async throws {
        do {
            try await client.completeMultipartUpload(objectKey, uploadId: uploadId, parts: parts)
        } catch S3Error.remote(let operation, let status, "NoSuchUpload", let message) {
            guard let existing = try await client.headObject(objectKey), existing.size == size else {
                throw S3Error.remote(operation: operation, status: status, code: "NoSuchUpload", message: message)
            }
        }
    }
}

/// A file open for reading, closed when released; reads are blocking (run them on the executor).
final class LocalFile: Sendable {
    let fd: Int32
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    static func reading(_ path: String) throws -> LocalFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "open", path: path, errno: errno) }
        return LocalFile(fd: fd, path: path)
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset`; fewer only at the end of the file.
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "read", path: path, errno: errno)
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The whole file, refusing one longer than `limit` (it grew since it was measured).
    func readAll(limit: Int) throws -> [UInt8] {
        let bytes = try read(at: 0, count: limit + 1)
        guard bytes.count <= limit else { throw BlobStoreError.io(operation: "read", path: path, errno: EFBIG) }
        return bytes
    }
}
