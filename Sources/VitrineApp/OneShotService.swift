import ServiceLifecycle

/// Work that runs once beside the server and then idles until shutdown: a service group ends every
/// service when one returns, so a finished job waits here instead. Graceful shutdown cancels the work
/// when it is still running.
protocol OneShotService: Service {
    func work() async
}

extension OneShotService {
    func run() async throws {
        await cancelWhenGracefulShutdown { await self.work() }
        try? await gracefulShutdown()
    }
}
