import Blobs
import Catalog
import CatalogSQLite
import Foundation
import Scheduling

#if canImport(Glibc)
    import Glibc
#endif

/// A data folder: `catalog.sqlite` (plus its WAL files), `blobs/` and `tmp/`.
///
/// Opening one also finishes what a killed process left behind: the temporaries of processes proven dead
/// are deleted (no catalog row can point at them: rows are inserted only after blobs are renamed into
/// place), and those of live processes are left to their owners (see `TemporaryArea`).
///
/// The folder is private to its owner: created 0700, with the catalog created 0600 (SQLite gives its WAL
/// and shared-memory files the catalog's mode) and blobs 0600, whatever the process's umask.
public struct Library: Sendable {
    public let directory: String
    public let catalog: any PhotoCatalog
    public let blobs: FileBlobStore
    /// How many abandoned temporaries opening removed.
    public let removedTemporaries: Int

    /// - Parameter executor: where the catalog runs its blocking work; one of its own when nil.
    public init(directory: String, executor: BoundedExecutor? = nil) throws {
        try DurableDirectory.make(directory, intermediates: true)
        self.directory = directory
        blobs = try FileBlobStore(root: directory)
        removedTemporaries = try blobs.removeTemporaries()
        let catalogPath = directory + "/catalog.sqlite"
        try Self.createPrivately(catalogPath)
        catalog = try Self.whileOpening(directory) {
            try SQLiteCatalog(path: catalogPath, leaseHolder: Self.leaseHolder, executor: executor)
        }
    }

    /// Runs `body` holding an exclusive `flock` on the data folder. GRDB looks up which migrations have run
    /// outside the transactions that run them, so two processes opening a new library at once (a `gc`
    /// beside the import that creates it) would both try the first migration, and one would fail.
    static func whileOpening<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw BlobStoreError.io(operation: "flock", path: directory, errno: errno) }
        }
        return try body()
    }

    public func importer(options: ImportOptions = ImportOptions()) -> Importer {
        Importer(catalog: catalog, blobs: blobs, options: options)
    }

    /// This process, as the holder of the leases it takes, able to prove other holders dead.
    static let leaseHolder = LeaseHolder(record: ProcessIdentity.current.record) { record in
        ProcessIdentity.current.liveness(ofRecord: record) == .dead
    }

    /// Creates an empty file with mode 0600 unless one exists (an existing file is never opened here: closing
    /// a descriptor of a database file would drop the locks SQLite holds on it in this process).
    static func createPrivately(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            guard errno == EEXIST else { throw BlobStoreError.io(operation: "create", path: path, errno: errno) }
            return
        }
        close(fd)
        try DurableDirectory.sync(DurableDirectory.parent(of: path))
    }
}
