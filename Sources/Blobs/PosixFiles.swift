#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file calls every store's disk work repeats, with `BlobStoreError`s that name the path: a whole
/// buffer written through short writes and interruptions, and a folder's entry names.
public enum PosixFiles {
    /// Writes every byte of `bytes` to `fd`, through short writes and `EINTR`.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(operation: "write", path: path, errno: errno)
            }
            offset += written
        }
    }

    /// The entry names in the folder at `path` (without `.` and `..`); none when it does not exist.
    public static func list(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw BlobStoreError.io(operation: "opendir", path: path, errno: errno)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
