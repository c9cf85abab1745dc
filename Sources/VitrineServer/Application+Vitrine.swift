import Catalog
import Hummingbird
import Ingest
import Logging

/// Builds the HTTP surface of a library: the JSON API, the assets and the web client.
public enum VitrineServer {
    public static func makeRouter(library: Library, webRoot: String?) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(ErrorMiddleware())
        if let webRoot {
            router.middlewares.add(
                FileMiddleware(
                    webRoot, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true))
        }

        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"], cacheControl: "no-store")
        }
        let api = router.group("api/v1")
        PhotosController(catalog: library.catalog).addRoutes(to: api)
        AssetsController(catalog: library.catalog, blobs: library.blobs).addRoutes(to: router)
        if let webRoot {
            // Deep links are the web client's own routes.
            router.get("p/{id}") { _, context in
                try await FileIO().loadFile(path: webRoot + "/index.html", context: context)
                    .asHTMLResponse()
            }
        }
        return router
    }

    public static func makeApplication(
        library: Library, configuration: ServerConfiguration, logger: Logger
    )
        -> some ApplicationProtocol
    {
        let router = makeRouter(library: library, webRoot: configuration.webRoot)
        return Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Vitrine"),
            logger: logger)
    }
}

extension ResponseBody {
    func asHTMLResponse() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: self)
    }
}
