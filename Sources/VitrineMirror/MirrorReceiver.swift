import Crypto
import Foundation
import Synchronization
import VitrineAPI
import VitrineCore
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One asset's response, written to its partial file and hashed where the transport receives it (a
/// `TransportSink`): the head decides between a fresh file and a resumed one, each chunk is hashed and
/// appended, and `finish` answers the size and the SHA-256 of the whole.
final class MirrorReceiver: TransportSink {
    private struct State {
        var hasher: SHA256
        /// Bytes of the partial file before this response: kept only when the server resumes there.
        var have: Int64
        var size: Int64 = 0
        var fd: Int32 = -1
    }

    let partial: URL
    private let onBytes: @Sendable (Int) -> Void
    private let state: Mutex<State>

    /// A receiver for `partial`, whose first `have` bytes are already in `hasher`.
    init(partial: URL, have: Int64, hasher: SHA256, onBytes: @escaping @Sendable (Int) -> Void) {
        self.partial = partial
        self.onBytes = onBytes
        state = Mutex(State(hasher: hasher, have: have))
    }

    deinit { state.withLock { if $0.fd >= 0 { close($0.fd) } } }

    func head(status: Int, headers: [String: String]) throws {
        try state.withLock { state in
            let resumes =
                state.have > 0 && status == 206 && MirrorDownloader.startsAt(state.have, headers["content-range"])
            guard status == 200 || resumes else {
                throw MirrorError.badResponse("unexpected status \(status) for \(partial.lastPathComponent)")
            }
            if !resumes {
                state.hasher = SHA256()
                state.have = 0
            }
            state.size = state.have
            let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (resumes ? O_APPEND : O_TRUNC)
            state.fd = open(partial.path, flags, 0o600)
            guard state.fd >= 0 else { throw MirrorError.io("cannot open \(partial.path): \(MirrorFiles.errnoText())") }
        }
    }

    func body(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { state in
            guard state.fd >= 0 else {
                throw MirrorError.badResponse("body before head for \(partial.lastPathComponent)")
            }
            state.hasher.update(bufferPointer: bytes)
            try MirrorFiles.writeAll(state.fd, bytes, path: partial.path)
            let (size, overflow) = state.size.addingReportingOverflow(Int64(bytes.count))
            state.size = overflow ? .max : size
        }
        onBytes(bytes.count)
    }

    /// Closes the file (flushed first where `MirrorDurability` asks) and answers its size and SHA-256 in
    /// lowercase hex; throws when no response was accepted.
    func finish() throws -> (size: Int64, sha256: String) {
        try state.withLock { state in
            guard state.fd >= 0 else { throw MirrorError.badResponse("no response for \(partial.lastPathComponent)") }
            defer {
                close(state.fd)
                state.fd = -1
            }
            try MirrorDurability.finish(state.fd, path: partial.path)
            return (state.size, Hex.encode(state.hasher.finalize()))
        }
    }
}
