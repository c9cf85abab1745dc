import Scheduling

/// Runs synchronous work (SQLite reads, file system calls) off Swift's cooperative pool, so a slow disk cannot
/// starve the threads that serve other requests. It runs on the serving router's bounded pool
/// (`--blocking-threads`, `--blocking-queue`); a full queue throws a 503 `busy`.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlockingPool.current.run(work)
}

enum BlockingPool {
    /// The pool of the router serving the current request (`BlockingPoolMiddleware` binds it); work outside
    /// any request uses a pool of the default size.
    @TaskLocal static var current = make(Limits())

    static func make(_ limits: Limits) -> BoundedExecutor {
        BoundedExecutor(
            label: "vitrine.blocking", width: limits.blockingThreads, queueLimit: limits.blockingQueue,
            refusal: "the server is busy; try again shortly")
    }
}
