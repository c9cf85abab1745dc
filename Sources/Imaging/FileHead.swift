#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's first bytes, for sniffing what it is before choosing who decodes it.
enum FileHead {
    static func read(path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return read(fd, at: 0, count: count) ?? []
    }

    /// Up to `count` bytes of the open file `fd` at `offset`; fewer at the end of the file, nil on an error.
    static func read(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(fd, base + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// The file's size in bytes; nil when it cannot be read.
    static func size(path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }
}
