#if canImport(Glibc)
    import Glibc
#endif

extension VitrineMetrics {
    /// The process's resident memory and open files, read from `/proc` at each scrape. Linux only: elsewhere
    /// the two gauges are absent.
    func addProcessSamplers() {
        #if os(Linux)
            sample(Names.residentMemory) { ProcessStatus.residentBytes().map(Double.init) }
            sample(Names.openFiles) { ProcessStatus.openFiles().map(Double.init) }
        #endif
    }
}

#if os(Linux)
    /// Reads of `/proc/self`, without Foundation.
    enum ProcessStatus {
        /// `VmRSS` of `/proc/self/status`, in bytes; nil when it cannot be read.
        static func residentBytes() -> Int64? {
            guard let status = read("/proc/self/status", limit: 16 << 10) else { return nil }
            for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("VmRSS:".utf8)) {
                let digits = line.dropFirst(6).filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                // A kB count of at most 15 digits cannot overflow once multiplied by 1 024.
                guard !digits.isEmpty, digits.count <= 15,
                    let kilobytes = Int64(String(decoding: digits, as: UTF8.self))
                else { return nil }
                return kilobytes * 1024
            }
            return nil
        }

        /// Entries of `/proc/self/fd`, less the one this count itself opens; nil when it cannot be listed.
        static func openFiles() -> Int? {
            guard let directory = opendir("/proc/self/fd") else { return nil }
            defer { closedir(directory) }
            var count = 0
            while let entry = readdir(directory) {
                let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                    name[0] == UInt8(ascii: ".")
                }
                if !isDot { count += 1 }
            }
            return max(0, count - 1)
        }

        /// The first `limit` bytes of a file; nil when it cannot be opened.
        static func read(_ path: String, limit: Int) -> [UInt8]? {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: limit)
            var filled = 0
            while filled < limit {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    Glibc.read(fd, buffer.baseAddress! + filled, limit - filled)
                }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                filled += got
            }
            return Array(bytes[0..<filled])
        }
    }
#endif
