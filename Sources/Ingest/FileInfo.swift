import Foundation

/// The few file attributes an import needs, read with one `stat`.
struct FileInfo {
    var isRegularFile: Bool
    var size: Int64
    var modified: Date

    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ImportError.cannotRead(String(cString: strerror(errno)))
        }
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        size = Int64(info.st_size)
        modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }
}
