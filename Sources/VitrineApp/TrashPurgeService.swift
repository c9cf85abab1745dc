import Catalog
import Ingest
import Logging
import ServiceLifecycle
import VitrineCore

/// Queues the trash's purge of photos trashed more than `days` ago when the server starts and then every
/// `interval`: the trash keeps what a person deleted for as long as it promises, and no longer. A worker
/// runs it (the embedded one, or a `vitrine worker` beside an API-only server); the job is deduplicated, so
/// the servers of a cluster queue one purge between them.
struct TrashPurgeService: Service {
    let queue: any JobQueue
    let days: Int
    var interval: Duration = .seconds(3600)
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await queue.enqueue(
                        [JobRequest(.purgeTrash, payload: String(days), priority: JobPriority.background)],
                        now: EpochMilliseconds.now)
                } catch is CancellationError {
                    return
                } catch {
                    logger.error("trash purge: could not queue it: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
