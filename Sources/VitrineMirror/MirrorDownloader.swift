import Crypto
import Foundation
import VitrineAPI
import VitrineCore
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches one content-addressed asset into the mirror folder's `.partial/<id>.<sha256>.part`, hashing the bytes
/// as they arrive and keeping them only when they match the SHA-256 their URL names; the caller renames
/// the file to its final name. A partial file left by a killed run is resumed with `Range` + `If-Range`.
struct MirrorDownloader: Sendable {
    let client: VitrineClient
    let directory: URL
    /// Called with each chunk's size as it is written, for the progress bar.
    let onBytes: @Sendable (Int) -> Void

    /// Bounds the transfers in flight.
    var transfers: MirrorLimiter?

    /// Where photo `id`'s bytes named `sha256` are received until they are verified and renamed to their
    /// final name; named by both, so a resume only ever continues the same bytes.
    func partial(for id: String, sha256: String) -> URL {
        directory.appendingPathComponent(MirrorFiles.partialFolder).appendingPathComponent("\(id).\(sha256).part")
    }

    /// Downloads `path` into `partial(for: id, sha256: sha256)`, verified against `sha256`; answers the
    /// file's size.
    func fetch(_ path: String, sha256: String, id: String) async throws -> Int64 {
        let partial = partial(for: id, sha256: sha256)
        try FileManager.default.createDirectory(
            at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
        await transfers?.acquire()
        let received: Result<Int64, any Error>
        do {
            received = .success(try await receive(path, sha256: sha256, into: partial))
        } catch {
            received = .failure(error)
        }
        await transfers?.release()
        return try received.get()
    }

    /// Receives `path` into `partial`, resuming it when it holds a prefix; verifies the whole against
    /// `sha256` and answers its size. The bytes are hashed and written where the transport receives them
    /// (`MirrorReceiver`), as curl writes them, with no task resumed per chunk.
    func receive(_ path: String, sha256: String, into partial: URL) async throws -> Int64 {
        var hasher = SHA256()
        var have = MirrorFiles.size(of: partial) ?? 0
        if have > 0 { have = try Self.hash(partial, upTo: have, into: &hasher) }
        var headers: [String: String] = [:]
        if have > 0 {
            headers["Range"] = "bytes=\(have)-"
            headers["If-Range"] = "\"\(sha256)\""
        }
        let receiver = MirrorReceiver(partial: partial, have: have, hasher: hasher, onBytes: onBytes)
        do {
            try await client.download(path, headers: headers, into: receiver)
        } catch VitrineError.http(status: 416, _, _) where have > 0 {
            // The partial file is longer than the asset: it is not a prefix of it, start again.
            unlink(partial.path)
            return try await receive(path, sha256: sha256, into: partial)
        }
        let (size, actual) = try receiver.finish()
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
        return Hex.encode(hasher.finalize())
    }
}
