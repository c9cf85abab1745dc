import Foundation

/// The permission bits of the file or folder at `path`, for tests that check what is private.
public func mode(_ path: String) throws -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
    return info.st_mode & 0o777
}
