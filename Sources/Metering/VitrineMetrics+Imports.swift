import Blobs
import Catalog
import Imaging
import Ingest
import Metrics
import Scheduling

/// Counts imports by outcome and reason and times them. A failure's reason is a short code from a fixed set
/// (`ImportFailureReason`), never its message, which names paths and details without bound.
struct ImportMetrics: ImportObserver {
    let metrics: VitrineMetrics

    func importEnded(_ result: Result<ImportOutcome, any Error>, duration: Duration) {
        let (outcome, reason): (String, String)
        switch result {
        case .success(.imported): (outcome, reason) = ("imported", "none")
        case .success(.duplicate): (outcome, reason) = ("duplicate", "none")
        case .success(.failed): (outcome, reason) = ("failed", "other")
        case .failure(let error): (outcome, reason) = ("failed", ImportFailureReason.code(error))
        }
        // Imports are a few a second at most: making the handles each time (a registry look-up) is cheap enough.
        Counter(label: Names.imports, dimensions: [("outcome", outcome), ("reason", reason)], factory: metrics.factory)
            .increment()
        Timer(label: Names.importDuration, dimensions: [("outcome", outcome)], factory: metrics.factory)
            .recordNanoseconds(duration.wholeNanoseconds)
    }

    /// Clips apart from photos, by whether they need a web rendition (their transcodes are the
    /// `transcode-video` jobs of `vitrine_jobs_finished_total`).
    func clipRecorded(needsRendition: Bool) {
        Counter(
            label: Names.clips, dimensions: [("rendition", needsRendition ? "needed" : "none")],
            factory: metrics.factory
        ).increment()
    }
}

/// The `reason` label of a failed import.
enum ImportFailureReason {
    static func code(_ error: any Error) -> String {
        switch error {
        case let error as ImagingError: error.code
        case ImportError.notAFile: "not_a_file"
        case ImportError.cannotRead: "cannot_read"
        case BlobStoreError.io: "blob_io"
        case BlobStoreError.contentChanged: "content_changed"
        case BlobStoreError.notFound: "blob_not_found"
        case BlobStoreError.remote: "blob_remote"
        case is BusyError: "busy"
        case CatalogError.unavailable: "catalog_unavailable"
        case is CancellationError: "cancelled"
        default: "other"
        }
    }
}

extension VitrineMetrics {
    /// What the composition root sets as the library's `importObserver`.
    public var importObserver: any ImportObserver { ImportMetrics(metrics: self) }
}
