import Compat
import Hummingbird
import Imaging
import Ingest
import Metering
import ServiceLifecycle
import VitrineServer

/// The composition root (Hummingbird's `buildApplication` pattern): opens the library, builds the router
/// over it, and adds the background work as services of the application.
public func buildApplication(_ configuration: AppConfiguration) async throws -> some ApplicationProtocol {
    try buildApplication(configuration, library: try await openLibrary(configuration.storage))
}

/// `buildApplication` over a library already open.
public func buildApplication(
    _ configuration: AppConfiguration, library: Library
) throws -> some ApplicationProtocol {
    // Imports, uploads and sized variants need libvips: a server without it stops here with the reason,
    // rather than at its first upload.
    try Vips.start()
    let metrics = configuration.server.metrics.isEnabled ? VitrineMetrics() : nil
    let library = metrics.map { library.metered(by: $0, store: configuration.storage.blobs.metricsName) } ?? library
    var services: [any Service] = []
    if configuration.importsDemo {
        services.append(
            DemoImportService(
                library: library, items: FileCollector.demoItems(root: configuration.demoRoot),
                logger: configuration.logger))
    }
    if configuration.backfillsSmallThumbs {
        services.append(SmallThumbBackfillService(queue: library.catalog, logger: configuration.logger))
    }
    services.append(
        TrashPurgeService(
            queue: library.catalog, days: configuration.server.limits.trashDays, logger: configuration.logger))
    if let worker = configuration.worker {
        services.append(
            JobWorkerService(
                worker: library.worker(
                    worker, trashDays: configuration.server.limits.trashDays, observer: metrics?.jobObserver)))
    }
    return try VitrineServer.makeApplication(
        library: library, configuration: configuration.server, services: services, logger: configuration.logger,
        blocking: library.executor, metrics: metrics, routes: [CompatRoutes(configuration.server.compat)])
}
