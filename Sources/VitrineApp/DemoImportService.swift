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
            guard try library.catalog.count() == 0 else { return }
        } catch {
            logger.error("demo import: \(error)")
            return
        }
        logger.info("importing \(items.count) demo photos in the background")
        let summary = await library.importer().importItems(items)
        logger.info(
            "demo import: \(summary.imported.count) imported, \(summary.duplicates.count) duplicates, \(summary.failures.count) failed"
        )
        for failure in summary.failures { logger.warning("\(failure.path): \(failure.reason)") }
    }
}
