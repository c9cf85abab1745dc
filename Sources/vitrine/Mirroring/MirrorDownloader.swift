import Crypto
import Foundation
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches one content-addressed asset into the mirror folder: bytes go to `.partial/<file>.part`,
/// are hashed as they arrive, and reach `<file>` only once synced and verified against the SHA-256
/// their URL names. A partial file left by a killed run is resumed with `Range` + `If-Range`.
struct MirrorDownloader: Sendable {
    let client: VitrineClient
    let directory: URL
    /// Called with each chunk's size as it is written, for the progress bar.
    let onBytes: @Sendable (Int) -> Void

    /// Bounds the transfers in flight; the sync to disk that follows each happens outside it, so the
    /// network stays busy while finished files are flushed.
    var transfers: MirrorLimiter?
    /// Makes each finished file durable before its rename; nil syncs each file on its own.
    var syncer: MirrorSyncer?

    /// Downloads `path` to `file`, verified against `sha256`; answers the file's size.
    func fetch(_ path: String, sha256: String, file: String) async throws -> Int64 {
        let partialFolder = directory.appendingPathComponent(MirrorFiles.partialFolder)
        try FileManager.default.createDirectory(at: partialFolder, withIntermediateDirectories: true)
        let partial = partialFolder.appendingPathComponent(file + ".part")
        await transfers?.acquire()
        let received: Result<Int64, any Error>
        do {
            received = .success(try await receive(path, sha256: sha256, into: partial))
        } catch {
            received = .failure(error)
        }
        await transfers?.release()
        let size = try received.get()
        let partialPath = partial.path
        if let syncer {
            try await syncer.sync(partialPath)
        } else {
            try await MirrorFiles.offPool { try MirrorFiles.syncFile(atPath: partialPath) }
        }
        try MirrorFiles.move(partial, to: directory.appendingPathComponent(file))
        return size
    }

    /// Receives `path` into `partial`, resuming it when it holds a prefix; verifies the whole against
    /// `sha256` and answers its size.
    func receive(_ path: String, sha256: String, into partial: URL) async throws -> Int64 {
        var hasher = SHA256()
        var have = MirrorFiles.size(of: partial) ?? 0
        if have > 0 { have = try Self.hash(partial, upTo: have, into: &hasher) }
        var headers: [String: String] = [:]
        if have > 0 {
            headers["Range"] = "bytes=\(have)-"
            headers["If-Range"] = "\"\(sha256)\""
        }
        let response: TransportResponse
        do {
            response = try await client.download(path, headers: headers)
        } catch VitrineError.http(status: 416, _, _) where have > 0 {
            // The partial file is longer than the asset: it is not a prefix of it, start again.
            unlink(partial.path)
            return try await receive(path, sha256: sha256, into: partial)
        }
        let resumes = have > 0 && response.status == 206 && Self.startsAt(have, response.header("content-range"))
        guard response.status == 200 || resumes else {
            throw MirrorError.badResponse("unexpected status \(response.status) for \(path)")
        }
        if !resumes {
            hasher = SHA256()
            have = 0
        }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (resumes ? O_APPEND : O_TRUNC)
        let fd = open(partial.path, flags, 0o600)
        guard fd >= 0 else { throw MirrorError.io("cannot open \(partial.path): \(MirrorFiles.errnoText())") }
        var size = have
        do {
            for try await chunk in response.body {
                try chunk.withUnsafeBytes { bytes in
                    hasher.update(bufferPointer: bytes)
                    try MirrorFiles.writeAll(fd, bytes, path: partial.path)
                }
                size += Int64(chunk.count)
                onBytes(chunk.count)
            }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        let actual = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        guard actual == sha256 else {
            // Bytes that are not what their name says are never kept, not even to resume from.
            unlink(partial.path)
            throw MirrorError.hashMismatch(expected: sha256, actual: actual)
        }
        return size
    }

    /// Whether a 206's `Content-Range` starts where the partial file ends.
    static func startsAt(_ offset: Int64, _ contentRange: String?) -> Bool {
        contentRange?.hasPrefix("bytes \(offset)-") ?? false
    }

    /// Feeds the first `limit` bytes of `url` to `hasher`; answers how many were read.
    static func hash(_ url: URL, upTo limit: Int64, into hasher: inout SHA256) throws -> Int64 {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var read: Int64 = 0
        while read < limit, let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
            let take = Int(min(Int64(data.count), limit - read))
            hasher.update(data: data.prefix(take))
            read += Int64(take)
        }
        return read
    }

    /// The SHA-256 of a whole file, as lowercase hex.
    static func sha256(of url: URL) throws -> String {
        var hasher = SHA256()
        _ = try hash(url, upTo: .max, into: &hasher)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
