import Catalog
import Hummingbird
import Ingest
import Logging

/// Builds the HTTP surface of a library: the JSON API, the assets and the web client.
public enum VitrineServer {
    /// - Parameter webRoot: the web client's folder, read once here; nil serves the API only.
    public static func makeRouter(
        library: Library, webRoot: String?, access: AccessConfiguration = AccessConfiguration(),
        compat: CompatConfiguration = CompatConfiguration()
    ) throws -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(ErrorMiddleware())

        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"], cacheControl: "no-store")
        }
        let token = AdminToken(directory: library.directory)
        let api = router.group("api/v1")
        SessionController(token: token, isPrivate: access.isPrivate).addRoutes(to: api)
        OpenAPIController().addRoutes(to: api)

        let reads = api.group()
        let assets = router.group()
        if access.isPrivate {
            reads.add(middleware: RequireTokenMiddleware.reader(token))
            assets.add(middleware: RequireTokenMiddleware.reader(token))
        }
        PhotosController(catalog: library.catalog).addRoutes(to: reads)
        let pulse = ChangePulse()
        let observation = try library.catalog.observeChanges { pulse.signal() }
        EventsController(catalog: library.catalog, pulse: pulse, observation: observation).addRoutes(to: reads)
        AssetsController(catalog: library.catalog, blobs: library.blobs).addRoutes(to: assets)

        let writes = api.group().add(middleware: RequireTokenMiddleware.admin(token))
        PhotoWritesController(
            library: library, importer: library.importer(), maximumUploadBytes: access.maximumUploadBytes
        ).addRoutes(to: writes)
        addCompatRoutes(
            library: library, compat: compat, token: token, isPrivate: access.isPrivate, root: assets, reads: reads,
            writes: writes)

        if let webRoot, let assets = try WebAssets(root: webRoot) {
            let firstScreen = access.isPrivate ? nil : FirstScreen(catalog: library.catalog)
            WebController(assets: assets, firstScreen: firstScreen).addRoutes(to: router)
        }
        return router
    }

    public static func makeApplication(
        library: Library, configuration: ServerConfiguration, logger: Logger
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter(
            library: library, webRoot: configuration.webRoot, access: configuration.access,
            compat: configuration.compat)
        return Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Vitrine"),
            logger: logger)
    }
}
