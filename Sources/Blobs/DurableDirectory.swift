#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders made so that they survive a crash. A new folder's name is an entry in its parent, and that
/// entry reaches the disk only when the parent is fsynced; without it, a power cut can lose the folder,
/// and every file renamed into it, after the catalog has recorded them.
public enum DurableDirectory {
    /// Creates `path` with `mode` (and, with `intermediates`, any missing parents), fsyncing the parent of
    /// each folder it creates. Returns whether `path` itself was created.
    @discardableResult
    public static func make(_ path: String, mode: mode_t = 0o700, intermediates: Bool = false) throws -> Bool {
        if mkdir(path, mode) == 0 {
            try sync(parent(of: path))
            return true
        }
        let code = errno
        if code == EEXIST { return false }
        let above = parent(of: path)
        guard code == ENOENT, intermediates, above != path else {
            throw BlobStoreError.io(operation: "mkdir", path: path, errno: code)
        }
        try make(above, mode: mode, intermediates: true)
        return try make(path, mode: mode)
    }

    /// Flushes a folder's entries (names created, renamed or removed in it) to the disk.
    public static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw BlobStoreError.io(operation: "fsync", path: path, errno: errno) }
    }

    /// `a/b/c` → `a/b`, `/a` → `/`, `a` → `.`.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
