import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations a mirror needs to be crash-safe: every final name is reached by a rename of a
/// file already synced to disk.
enum MirrorFiles {
    static let partialFolder = ".partial"
    static let deletedFolder = ".deleted"

    /// `writeAtomically` with the sync off Swift's cooperative pool.
    static func writeAtomically(_ data: Data, to url: URL) async throws {
        try await offPool { try writeAtomically(data, to: url) }
    }

    /// Runs blocking file work (fsync above all) on a Dispatch thread, so that the cooperative pool,
    /// one thread a core, keeps receiving and hashing the other downloads meanwhile.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Writes `data` to a temporary sibling, syncs it, and renames it to `url`.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MirrorError.io("cannot create \(temporary.path): \(errnoText())") }
        do {
            try data.withUnsafeBytes { try writeAll(fd, $0, path: temporary.path) }
            guard fsync(fd) == 0 else { throw MirrorError.io("fsync \(temporary.path): \(errnoText())") }
        } catch {
            close(fd)
            unlink(temporary.path)
            throw error
        }
        close(fd)
        try move(temporary, to: url)
    }

    /// Writes every byte of `buffer` to `fd`, resuming after short writes and interrupts.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
        guard var base = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let written = write(fd, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw MirrorError.io("write \(path): \(errnoText())")
            }
            left -= written
            base += written
        }
    }

    /// Flushes a file's bytes to disk (any descriptor of the file will do on Linux).
    static func syncFile(atPath path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MirrorError.io("cannot open \(path): \(errnoText())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw MirrorError.io("fsync \(path): \(errnoText())") }
    }

    static func move(_ from: URL, to: URL) throws {
        guard rename(from.path, to.path) == 0 else {
            throw MirrorError.io("rename \(from.path) → \(to.path): \(errnoText())")
        }
    }

    /// The size of the regular file at `url`, or nil when there is none.
    static func size(of url: URL) -> Int64? {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Moves `name` from `directory` into `directory/.deleted/`, replacing an older copy there.
    static func moveToDeleted(_ name: String, in directory: URL) throws {
        let source = directory.appendingPathComponent(name)
        guard size(of: source) != nil else { return }
        let folder = directory.appendingPathComponent(deletedFolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try move(source, to: folder.appendingPathComponent(name))
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
