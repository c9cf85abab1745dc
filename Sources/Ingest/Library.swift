import Blobs
import Catalog
import Scheduling

/// A library: its data folder (the catalog, `tmp/`, the admin token, and on disk the blobs), its catalog and
/// its blob store. Opened only by the composition root (`VitrineApp.openLibrary`), which alone knows which
/// store and catalog implementations are in use.
public struct Library: Sendable {
    public let directory: String
    public let catalog: any PhotoCatalog
    public let blobs: any BlobStore
    /// The pool the stores run their blocking work on, which the server's own blocking work shares so one
    /// bound (`--blocking-threads`, `--blocking-queue`) covers all of it; nil when the stores keep their own.
    public let executor: BoundedExecutor?
    /// How many abandoned temporaries opening removed.
    public let removedTemporaries: Int
    /// Told of each file the library's importers finish (the server's metrics); nil for none.
    public var importObserver: (any ImportObserver)?

    public init(
        directory: String, catalog: any PhotoCatalog, blobs: any BlobStore, executor: BoundedExecutor? = nil,
        removedTemporaries: Int = 0
    ) {
        self.directory = directory
        self.catalog = catalog
        self.blobs = blobs
        self.executor = executor
        self.removedTemporaries = removedTemporaries
    }

    /// The data folder's `tmp/`, where uploads stream before they are imported, whatever the blob store.
    public var temporaries: TemporaryArea { TemporaryArea(root: directory + "/tmp") }

    public var leasedWrite: LeasedWrite { LeasedWrite(catalog: catalog, blobs: blobs) }

    public func importer(options: ImportOptions = ImportOptions()) -> Importer {
        Importer(catalog: catalog, blobs: blobs, options: options, observer: importObserver, temporaries: temporaries)
    }
}
