#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A data folder's `tmp/`, shared by every process that writes to the library (a server, a CLI import,
/// `vitrine gc`), where each process writes only in a folder of its own, `tmp/<pid>-<random>/`, and whose
/// `owner` file is the process's `ProcessIdentity` record.
///
/// Cleaning up is then a matter of proof rather than of timing. A folder is removed only when its owner is
/// provably dead (see `ProcessIdentity.liveness`): a dead process writes nothing more, so nothing it was
/// writing can be lost. A live owner's folder is never touched, which is what makes `gc`, `import` and
/// `key` safe beside a server streaming an upload or an import writing a blob. What cannot be proven
/// either way waits for `staleAge` without any change. That covers an owner on another host, in another
/// pid namespace or from an earlier boot, a folder whose record is missing or damaged, and a loose file
/// from an older version. A writer changes its file's mtime with every write, so only an abandoned folder
/// stays still that long.
///
/// The owner's folder appears complete or not at all. It is built as `.staging-…`, with its record fsynced
/// inside, then renamed into place.
public struct TemporaryArea: Sendable {
    public let root: String

    /// How long an entry whose owner cannot be proven dead must stay unchanged before it is removed.
    public static let defaultStaleAge: Int = 24 * 3600

    public static let ownerFileName = "owner"

    public init(root: String) {
        self.root = root
    }

    /// This process's folder.
    public var ownFolder: String { root + "/" + ProcessIdentity.current.folderName }

    /// Creates and opens (write-only, `O_EXCL`, mode 0600) a new file `<prefix><random>.tmp` in this
    /// process's folder, making the folder first if needed. The caller closes the descriptor and removes or
    /// renames the file.
    public func create(prefix: String) throws -> (fd: Int32, path: String) {
        var random = SystemRandomNumberGenerator()
        for attempt in 0..<2 {
            if attempt > 0 || access(ownFolder + "/" + Self.ownerFileName, F_OK) != 0 { try makeOwnFolder() }
            let name = prefix + String(random.next(), radix: 36) + String(random.next(), radix: 36) + ".tmp"
            let path = ownFolder + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, path) }
            // Gone meanwhile: an age sweep from a process that cannot see this one took the idle folder.
            guard errno == ENOENT else { throw BlobStoreError.io(operation: "create", path: path, errno: errno) }
        }
        throw BlobStoreError.io(operation: "create", path: ownFolder, errno: ENOENT)
    }

    /// Builds this process's folder with its owner record in a staging folder and renames it into place,
    /// so that no other process ever sees the folder without its record.
    func makeOwnFolder() throws {
        try DurableDirectory.make(root)
        var random = SystemRandomNumberGenerator()
        for attempt in 1...3 {
            let staging = root + "/.staging-" + String(random.next(), radix: 36)
            guard mkdir(staging, 0o700) == 0 else {
                throw BlobStoreError.io(operation: "mkdir", path: staging, errno: errno)
            }
            do {
                try Self.writeRecord(ProcessIdentity.current.record, to: staging + "/" + Self.ownerFileName)
                if rename(staging, ownFolder) != 0 {
                    // Another thread of this process made it first; its folder is as good as ours.
                    guard errno == EEXIST || errno == ENOTEMPTY else {
                        throw BlobStoreError.io(operation: "rename", path: ownFolder, errno: errno)
                    }
                    Self.removeFolder(staging)
                }
                try DurableDirectory.sync(root)
                return
            } catch BlobStoreError.io(_, _, ENOENT) where attempt < 3 {
                // Another process removed the staging folder while it was still empty (see `removeAbandoned`).
                continue
            } catch {
                Self.removeFolder(staging)
                throw error
            }
        }
    }

    static func writeRecord(_ record: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "create", path: path, errno: errno) }
        defer { close(fd) }
        try Array(record.utf8).withUnsafeBytes { try PosixFiles.writeAll(fd, $0, path: path) }
        guard fsync(fd) == 0 else { throw BlobStoreError.io(operation: "fsync", path: path, errno: errno) }
    }

    /// Removes what dead owners left, and what no owner can be proven for once it has been still for
    /// `staleAge` seconds. Returns how many temporaries (files, not owner records) went.
    @discardableResult
    public func removeAbandoned(staleAge: Int = TemporaryArea.defaultStaleAge) throws -> Int {
        let me = ProcessIdentity.current
        let now = time(nil)
        var removed = 0
        for name in try PosixFiles.list(root) {
            let path = root + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            let record = isFolder ? ProcessIdentity.readText(path + "/" + Self.ownerFileName) : nil
            // An empty folder holds nothing to lose: a process killed between making its staging folder
            // and writing its record leaves one. (`rmdir` fails on a folder that is not empty; an owner
            // that is alive makes its staging folder again.)
            if isFolder, record == nil, rmdir(path) == 0 { continue }
            switch record.map({ me.liveness(ofRecord: $0) }) ?? .unknown {
            case .alive:
                continue
            case .dead:
                break
            case .unknown:
                let newest = isFolder ? Self.newestChange(in: path, status: info) : info.st_mtim.tv_sec
                guard now - newest >= staleAge else { continue }
            }
            if isFolder {
                removed += Self.removeFolder(path)
            } else if unlink(path) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// Temporaries still present (owner records aside), for checks that nothing was left behind.
    public func leftoverFiles() throws -> [String] {
        var files: [String] = []
        for name in try PosixFiles.list(root) {
            let path = root + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                files.append(path)
                continue
            }
            for inner in try PosixFiles.list(path) where inner != Self.ownerFileName {
                files.append(path + "/" + inner)
            }
        }
        return files.sorted()
    }

    /// The latest change to a folder or to anything in it, in seconds since the epoch.
    static func newestChange(in folder: String, status: stat) -> Int {
        var newest = status.st_mtim.tv_sec
        for name in (try? PosixFiles.list(folder)) ?? [] {
            var inner = stat()
            if lstat(folder + "/" + name, &inner) == 0 { newest = max(newest, inner.st_mtim.tv_sec) }
        }
        return newest
    }

    /// Removes a folder's files (the owner record last, so an interrupted removal is retried), then the
    /// folder. Returns how many files other than the record went.
    @discardableResult
    static func removeFolder(_ path: String) -> Int {
        var removed = 0
        for name in ((try? PosixFiles.list(path)) ?? []) where name != ownerFileName {
            if unlink(path + "/" + name) == 0 { removed += 1 }
        }
        unlink(path + "/" + ownerFileName)
        rmdir(path)
        return removed
    }
}
