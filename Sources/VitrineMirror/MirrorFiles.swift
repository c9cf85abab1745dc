import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations a mirror needs to be crash-safe: every final name is reached by a rename of a
/// complete file, and `MirrorDurability` decides when the bytes are on disk.
enum MirrorFiles {
    static let partialFolder = ".partial"
    static let deletedFolder = ".deleted"

    /// Writes `data` to a temporary sibling and renames it to `url` (flushed first only where
    /// `MirrorDurability` needs it): the file is whole under its final name.
    static func writeReplacing(_ data: Data, to url: URL) throws {
        try writeThenRename(data, to: url, sync: false)
    }

    /// Writes `data` to a temporary sibling, syncs it, and renames it to `url`.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        try writeThenRename(data, to: url, sync: true)
    }

    private static func writeThenRename(_ data: Data, to url: URL, sync: Bool) throws {
        let temporary = temporarySibling(of: url)
        try writeFile(data, to: temporary, sync: sync)
        do {
            try move(temporary, to: url)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    static func temporarySibling(of url: URL) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    }

    /// Writes `data` as a new file at `url`, synced to disk when `sync`, or readied for its rename by
    /// `MirrorDurability`; leaves nothing on failure.
    static func writeFile(_ data: Data, to url: URL, sync: Bool) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MirrorError.io("cannot create \(url.path): \(errnoText())") }
        do {
            try data.withUnsafeBytes { try writeAll(fd, $0, path: url.path) }
            if sync {
                guard fsync(fd) == 0 else { throw MirrorError.io("fsync \(url.path): \(errnoText())") }
            } else {
                try MirrorDurability.finish(fd, path: url.path)
            }
        } catch {
            close(fd)
            unlink(url.path)
            throw error
        }
        close(fd)
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
