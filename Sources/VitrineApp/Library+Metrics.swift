import Ingest
import Metering

extension Library {
    /// This library with its blob store and catalog wrapped in the metering decorators and its imports
    /// observed, all counting into `metrics`; `store` is the blob-store label (`disk`, `s3`).
    public func metered(by metrics: VitrineMetrics, store: String) -> Library {
        var library = Library(
            directory: directory, catalog: MeteredCatalog(catalog, metrics: metrics),
            blobs: MeteredBlobStore(blobs, store: store, metrics: metrics), executor: executor,
            removedTemporaries: removedTemporaries)
        library.importObserver = metrics.importObserver
        return library
    }
}

extension BlobLocation {
    /// The `store` label of blob metrics.
    var metricsName: String {
        switch self {
        case .dataDirectory: "disk"
        case .s3: "s3"
        }
    }
}
