import CatalogPostgres
import S3
import Scheduling

/// Where a library keeps its catalog and its blobs.
public struct StorageConfiguration: Sendable {
    /// The data folder: the catalog, `tmp/` (uploads and, with `.s3`, temporary downloads), the admin token, and
    /// with `.dataDirectory` the blobs.
    public var dataDirectory: String
    public var blobs: BlobLocation
    /// Where the catalog lives: `catalog.sqlite` in the data folder (the default) or a PostgreSQL database.
    public var catalog: CatalogLocation
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
        dataDirectory: String, blobs: BlobLocation = .dataDirectory, catalog: CatalogLocation = .dataDirectory,
        ioThreads: Int = Self.defaultIOThreads,
        ioQueueLimit: Int = Self.defaultIOQueueLimit, executor: BoundedExecutor? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.blobs = blobs
        self.catalog = catalog
        self.ioThreads = ioThreads
        self.ioQueueLimit = ioQueueLimit
        self.executor = executor
    }
}

/// Which blob store a library uses.
public enum BlobLocation: Sendable, Equatable {
    /// `blobs/` in the data folder (`FileBlobStore`), the default.
    case dataDirectory
    /// Objects under `PREFIX/ab/cd/<sha256>` of a bucket (`S3BlobStore`), signed with `credentials`;
    /// `client` sets its retries, timeouts and multipart sizes.
    case s3(S3Location, credentials: S3Credentials, client: S3ClientConfiguration = S3ClientConfiguration())

    public static func == (left: BlobLocation, right: BlobLocation) -> Bool {
        switch (left, right) {
        case (.dataDirectory, .dataDirectory): true
        case (.s3(let a, let aCredentials, _), .s3(let b, let bCredentials, _)): a == b && aCredentials == bCredentials
        default: false
        }
    }
}

/// Which catalog a library uses.
public enum CatalogLocation: Sendable, Equatable {
    /// `catalog.sqlite` in the data folder (`SQLiteCatalog`), the default.
    case dataDirectory
    /// A PostgreSQL database (`PostgresCatalog`), which any number of servers may share.
    case postgres(PostgresCatalogConfiguration)
}

extension CatalogLocation: CustomStringConvertible {
    /// A PostgreSQL catalog from its URL (`postgres://USER[:PASS]@HOST[:PORT]/DB?…`); throws with what is
    /// wrong, never repeating the URL (it may hold a password).
    public static func postgres(url: String) throws -> CatalogLocation {
        .postgres(try PostgresCatalogConfiguration(url: url))
    }

    /// For logs: the database's URL with its password hidden.
    public var description: String {
        switch self {
        case .dataDirectory: "catalog.sqlite in the data folder"
        case .postgres(let configuration): configuration.redactedURL
        }
    }
}
