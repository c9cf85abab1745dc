import Jobs
import ServiceLifecycle

/// The server's embedded worker (`vitrine serve` without `--workers 0`): it runs with the server and, on
/// the graceful shutdown, hands its running jobs back to the queue.
struct JobWorkerService: Service {
    let worker: JobWorker

    func run() async throws {
        await cancelWhenGracefulShutdown { await worker.run() }
    }
}
