import Catalog
import Ingest
import Logging
import VitrineCore

/// Queues the small-thumb backfill when the server starts: photos imported before the small thumb existed
/// get one from a worker, and until then the client uses their thumb. Deduplicated, so the servers of a
/// cluster queue one between them; a library with nothing to backfill finishes it in one read.
struct SmallThumbBackfillService: OneShotService {
    let queue: any JobQueue
    let logger: Logger

    func work() async {
        do {
            try await queue.enqueue(
                [JobRequest(.backfill, priority: JobPriority.background)], now: EpochMilliseconds.now)
        } catch {
            logger.error("small thumbnails: could not queue the backfill: \(error)")
        }
    }
}
