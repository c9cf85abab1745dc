import Catalog
import Hummingbird
import Ingest
import Logging

/// Builds the HTTP surface of a library: the JSON API, the assets and the web client.
public enum VitrineServer {
    /// - Parameter webRoot: the web client's folder, read once here; nil serves the API only.
    public static func makeRouter(library: Library, webRoot: String?) throws -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(ErrorMiddleware())

        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"], cacheControl: "no-store")
        }
        let api = router.group("api/v1")
        PhotosController(catalog: library.catalog).addRoutes(to: api)
        AssetsController(catalog: library.catalog, blobs: library.blobs).addRoutes(to: router)
        if let webRoot, let assets = try WebAssets(root: webRoot) {
            WebController(assets: assets).addRoutes(to: router)
        }
        return router
    }

    public static func makeApplication(
        library: Library, configuration: ServerConfiguration, logger: Logger
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter(library: library, webRoot: configuration.webRoot)
        return Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Vitrine"),
            logger: logger)
    }
}
