import Ingest
import Logging
import ServiceLifecycle

/// Purges the photos trashed more than `days` ago, when the server starts and then every `interval`: the
/// trash keeps what a person deleted for as long as it promises, and no longer. Each server of a cluster
/// runs one; a purge is one catalog transaction, so two at once purge each photo once.
struct TrashPurgeService: Service {
    let library: Library
    let days: Int
    var interval: Duration = .seconds(3600)
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let files = try await library.purgeTrash(olderThanDays: days)
                    if files > 0 { logger.info("trash: purged photos older than \(days) days (\(files) files)") }
                } catch is CancellationError {
                    return
                } catch {
                    logger.error("trash purge: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
