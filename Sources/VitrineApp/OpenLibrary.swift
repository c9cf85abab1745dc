import Blobs
import Catalog
import CatalogPostgres
import CatalogSQLite
import Ingest
import Scheduling

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens (creating if needed) the library `configuration` describes: the only place that picks the blob
/// store and the catalog implementations.
///
/// Opening also finishes what a killed process left behind: the temporaries of processes proven dead are
/// deleted (no catalog row can point at them: rows are inserted only after blobs are stored), and those of
/// live processes are left to their owners (see `TemporaryArea`).
///
/// The folder is private to its owner: created 0700, with the catalog created 0600 (SQLite gives its WAL
/// and shared-memory files the catalog's mode) and blobs 0600, whatever the process's umask.
public func openLibrary(_ configuration: StorageConfiguration) async throws -> Library {
    let directory = configuration.dataDirectory
    let executor =
        configuration.executor
        ?? BoundedExecutor(
            label: "vitrine.storage", width: configuration.ioThreads, queueLimit: configuration.ioQueueLimit,
            refusal: "the storage is busy; try again shortly")
    try await executor.run {
        try DurableDirectory.make(directory, intermediates: true)
        try DurableDirectory.make(directory + "/tmp")
    }
    let blobs = try openBlobStore(configuration.blobs, dataDirectory: directory, executor: executor)
    var removed = try await blobs.removeTemporaries()
    // Uploads stream into the data folder's `tmp/` whichever store keeps the blobs (for the disk store it is
    // the same folder, already swept).
    removed += try await executor.run { try TemporaryArea(root: directory + "/tmp").removeAbandoned() }
    let catalog = try await openCatalog(configuration.catalog, dataDirectory: directory, executor: executor)
    return Library(
        directory: directory, catalog: catalog, blobs: blobs, executor: executor, removedTemporaries: removed)
}

/// Opens the catalog `location` names. A PostgreSQL catalog migrates under its own advisory lock, so it needs no
/// lock on the data folder.
func openCatalog(
    _ location: CatalogLocation, dataDirectory directory: String, executor: BoundedExecutor
) async throws -> any PhotoCatalog {
    switch location {
    case .dataDirectory:
        return try await executor.run {
            let catalogPath = directory + "/catalog.sqlite"
            try LibraryFiles.createPrivately(catalogPath)
            return try LibraryFiles.whileOpening(directory) {
                try SQLiteCatalog(path: catalogPath, leaseHolder: LibraryFiles.leaseHolder, executor: executor)
            }
        }
    case .postgres(let configuration):
        return try await PostgresCatalog.open(configuration, leaseHolder: LibraryFiles.leaseHolder)
    }
}

/// The data folder's own files, made safely beside other processes opening the same library.
enum LibraryFiles {
    /// Runs `body` holding an exclusive `flock` on the data folder. GRDB looks up which migrations have run
    /// outside the transactions that run them, so two processes opening a new library at once (a `gc`
    /// beside the import that creates it) would both try the first migration, and one would fail. The lock
    /// is released explicitly: a child forked meanwhile keeps a copy of the descriptor until it execs.
    static func whileOpening<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw BlobStoreError.io(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw BlobStoreError.io(operation: "flock", path: directory, errno: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
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
