import Scheduling

/// Where a library keeps its catalog and its blobs.
public struct StorageConfiguration: Sendable {
    /// The data folder: the catalog, `tmp/`, the admin token, and with `.dataDirectory` the blobs.
    public var dataDirectory: String
    public var blobs: BlobLocation
    /// Threads doing the stores' blocking work (file system calls) at once.
    public var ioThreads: Int
    /// Blocking jobs that may wait for one of those threads; past it the stores refuse with `BusyError`
    /// (the server answers 503 `busy`).
    public var ioQueueLimit: Int
    /// The pool to run the stores' blocking work on instead of one sized by `ioThreads` and `ioQueueLimit`
    /// (tests hand in a pool they can fill).
    public var executor: BoundedExecutor?

    public static let defaultIOThreads = 8
    public static let defaultIOQueueLimit = 1024

    public init(
        dataDirectory: String, blobs: BlobLocation = .dataDirectory, ioThreads: Int = Self.defaultIOThreads,
        ioQueueLimit: Int = Self.defaultIOQueueLimit, executor: BoundedExecutor? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.blobs = blobs
        self.ioThreads = ioThreads
        self.ioQueueLimit = ioQueueLimit
        self.executor = executor
    }
}

/// Which blob store a library uses.
public enum BlobLocation: Sendable, Equatable {
    /// `blobs/` in the data folder (`FileBlobStore`), the default.
    case dataDirectory
}
