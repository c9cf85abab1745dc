import Foundation

/// The few file attributes an import needs, read with one `stat`.
struct FileInfo: Sendable {
    var isRegularFile: Bool
    var size: Int64
    /// Milliseconds since the epoch, or nil when that does not fit in 64 bits: tar archives and some file
    /// systems keep modification times like 1e17 s, and a date is never worth a trap.
    var modifiedMilliseconds: Int64?

    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ImportError.cannotRead(String(cString: strerror(errno)))
        }
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        size = Int64(info.st_size)
        modifiedMilliseconds = Self.milliseconds(
            seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    static func milliseconds(seconds: Int64, nanoseconds: Int64) -> Int64? {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum, carry) = whole.addingReportingOverflow(nanoseconds / 1_000_000)
        return overflow || carry ? nil : sum
    }
}
