import Ingest
import Logging

/// Photos imported before the small thumb existed get one beside the server; until then the client uses
/// their thumb.
struct SmallThumbBackfillService: OneShotService {
    let backfill: SmallThumbBackfill
    let logger: Logger

    func work() async {
        do {
            let summary = try await backfill.run()
            if summary.made > 0 || summary.retired > 0 || !summary.failures.isEmpty {
                logger.info(
                    "small thumbnails: \(summary.made) made, \(summary.failures.count) failed, \(summary.retired) old ones deleted"
                )
            }
            for failure in summary.failures { logger.warning("small thumbnail for \(failure.photoId): \(failure.reason)") }
        } catch is CancellationError {
            return
        } catch {
            logger.error("small thumbnails: \(error)")
        }
    }
}
