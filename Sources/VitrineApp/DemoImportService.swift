import Ingest
import Logging

/// `serve --demo`: imports the demo photos beside the server when the catalog is empty, so the gallery
/// fills while it already serves.
struct DemoImportService: OneShotService {
    let library: Library
    let items: [ImportItem]
    let logger: Logger

    func work() async {
        do {
            guard try await library.catalog.count() == 0 else { return }
        } catch {
            logger.error("demo import: \(error)")
            return
        }
        logger.info("importing \(items.count) demo photos in the background")
        let summary = await library.importer().importItems(items)
        if Task.isCancelled {
            // Shutdown came first. The catalog is no longer empty, so a later `serve --demo` will not finish it:
            // say so, instead of listing the interrupted files as failures.
            logger.info("demo import stopped by shutdown after \(summary.imported.count) photos")
            return
        }
        logger.info(
            "demo import: \(summary.imported.count) imported, \(summary.duplicates.count) duplicates, \(summary.failures.count) failed"
        )
        for failure in summary.failures { logger.warning("\(failure.path): \(failure.reason)") }
    }
}
