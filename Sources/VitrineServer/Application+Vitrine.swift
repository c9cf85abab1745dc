import Access
import Catalog
import Hummingbird
import Ingest
import Logging
import Metering
import Scheduling
import ServiceLifecycle
import WebPackaging

/// Builds the HTTP surface of a library: the JSON API, the assets and the web client.
public enum VitrineServer {
    /// - Parameters:
    ///   - webRoot: the web client's folder, read once here; nil serves the API only.
    ///   - metrics: what requests and the router's queues are counted into; nil counts nothing and mounts no
    ///     `/metrics`. With `metricsOnMainPort`, `GET /metrics` answers it behind the admin token.
    public static func makeRouter(
        library: Library, webRoot: String?, access: AccessConfiguration = AccessConfiguration(),
        compat: CompatConfiguration = CompatConfiguration(), limits: Limits = Limits(), assets: AssetURLs = AssetURLs(),
        blocking: BoundedExecutor? = nil, metrics: VitrineMetrics? = nil, metricsOnMainPort: Bool = true,
        routes: [any RouteSet] = []
    ) throws -> Router<VitrineRequestContext> {
        try makeRouter(
            library: library, webRoot: webRoot, access: access, compat: compat,
            resources: ServerResources(limits, blocking: blocking), assetURLs: assets, metrics: metrics,
            metricsOnMainPort: metricsOnMainPort, routes: routes)
    }

    /// The pool for blocking work that `limits` sizes: open the library's catalog on it and pass it to
    /// `makeApplication`, so the catalog's work counts against `--blocking-threads` and `--blocking-queue`.
    public static func makeBlockingPool(_ limits: Limits) -> BoundedExecutor { BlockingPool.make(limits) }

    /// The router over pools and counters made beforehand, which tests can fill to see the limits answer.
    static func makeRouter(
        library: Library, webRoot: String?, access: AccessConfiguration, compat: CompatConfiguration,
        resources: ServerResources, assetURLs: AssetURLs = AssetURLs(), metrics: VitrineMetrics? = nil,
        metricsOnMainPort: Bool = true, routes: [any RouteSet] = []
    ) throws -> Router<VitrineRequestContext> {
        let router = Router(context: VitrineRequestContext.self)
        if let metrics {
            router.middlewares.add(RequestMetricsMiddleware(metrics: metrics))
            metrics.observe(resources)
        }
        router.middlewares.add(ClientAddressMiddleware(trustsProxy: access.trustsProxy))
        router.middlewares.add(BlockingPoolMiddleware(pool: resources.blocking))
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(SecurityHeadersMiddleware(assetOrigin: assetURLs.origin))
        let methods = RouteMethods()
        router.middlewares.add(ErrorMiddleware(methods: methods))
        router.middlewares.add(CrossSiteMiddleware())
        let answers = CachedAnswers(
            position: FeedPosition(
                feed: library.catalog, maximumAge: .milliseconds(resources.limits.feedPositionMaximumAgeMilliseconds)),
            cache: ResponseCache(bytes: resources.limits.answerCacheMegabytes << 20))
        router.middlewares.add(FeedPositionMiddleware(position: answers.position))

        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"], cacheControl: "no-store")
        }
        let guardian = AccessGuard(
            token: AdminToken(directory: library.directory), settings: library.catalog,
            sessions: SessionStore(catalog: library.catalog),
            throttle: AuthThrottle(
                counters: library.catalog, limit: access.failedAttemptLimit, windowSeconds: 60,
                retentionSeconds: Int64(compat.rateWindowSeconds))
        )
        let api = router.group("api/v1")
        SessionController(
            access: guardian, isPrivate: access.isPrivate,
            securesCookies: access.securesCookies || compat.publicURL?.lowercased().hasPrefix("https:") == true
        ).addRoutes(to: api)
        OpenAPIController().addRoutes(to: api)

        let reads = api.group()
        let assets = router.group()
        if access.isPrivate {
            reads.add(middleware: RequireTokenMiddleware.reader(guardian))
            assets.add(middleware: RequireTokenMiddleware.reader(guardian))
        }
        PhotosController(
            catalog: library.catalog, answers: answers, assets: assetURLs,
            relevanceDepth: resources.limits.relevanceDepth
        ).addRoutes(to: reads)
        TimelineController(catalog: library.catalog, answers: answers).addRoutes(to: reads)
        let pulse = ChangePulse()
        let observation = LiveObservation(library.catalog) {
            answers.position.invalidate()
            pulse.signal()
        }
        EventsController(
            catalog: library.catalog, pulse: pulse, observation: observation, limiter: resources.eventStreams,
            assets: assetURLs
        ).addRoutes(to: reads)
        let files = AssetsController<VitrineRequestContext>(
            catalog: library.catalog, blobs: library.blobs, position: answers.position,
            memoryBytes: resources.limits.assetMemoryMegabytes << 20,
            avif: AVIFVariantMaker(library: library, renders: resources.renders)
        )
        files.addRoutes(to: assets)

        let writes = api.group().add(middleware: RequireTokenMiddleware.admin(guardian))
        // Someone waits for an upload's render: it runs before bulk work.
        let uploads = library.importer(
            options: ImportOptions(
                queuedRenderPriority: resources.limits.queuesUploadRenders ? JobPriority.interactive : nil))
        if let metrics, metricsOnMainPort {
            MetricsController(metrics: metrics, queue: library.catalog).addRoutes(
                to: router.group().add(middleware: RequireTokenMiddleware.admin(guardian)))
        }
        PhotoWritesController(
            library: library, importer: uploads, maximumUploadBytes: access.maximumUploadBytes,
            assets: assetURLs
        ).addRoutes(to: writes)
        SetsController(catalog: library.catalog, assets: assetURLs).addRoutes(reads: reads, writes: writes)
        LinksController(catalog: library.catalog, publicBase: compat.publicURL).addRoutes(to: writes)
        let visits = LinkVisitsController<VitrineRequestContext>(
            catalog: library.catalog, blobs: library.blobs, sessions: LinkSessions(sessions: guardian.sessions),
            throttle: guardian.throttle,
            securesCookies: access.securesCookies || compat.publicURL?.lowercased().hasPrefix("https:") == true,
            assets: assetURLs, files: files)
        visits.addRoutes(to: api.group())
        LinkUploadsController(
            // A visitor's upload renders within its request: a link's page has no change feed to swap a
            // processing tile when the render lands. Its file's keywords are no tags of the owner's.
            library: library,
            importer: library.importer(options: ImportOptions(keepsKeywords: false, pairsLiveParts: false)),
            visits: visits,
            maximumUploadBytes: access.maximumUploadBytes, maximumUploads: resources.limits.linkUploads,
            limiter: resources.linkUploads
        ).addRoutes(to: api.group())
        let isPrivate = access.isPrivate
        ZipController(
            catalog: library.catalog, blobs: library.blobs,
            canRead: { request, context in
                guard isPrivate else { return true }
                return try await guardian.canRead(request, context: context)
            },
            links: visits, limiter: resources.zips
        ).addRoutes(to: api.group())
        TrashController(library: library, days: resources.limits.trashDays).addRoutes(
            writes: writes, signedIn: api.group().add(middleware: RequireTokenMiddleware.reader(guardian)))
        JobsController(queue: library.catalog).addRoutes(to: writes)
        let keyGuesses = AuthThrottle(
            counters: library.catalog, limit: access.failedAttemptLimit, windowSeconds: 60,
            retentionSeconds: Int64(compat.rateWindowSeconds), scope: "api-key-guess")
        let mount = RouteMount(
            library: library, throttle: keyGuesses, root: assets, reads: reads, writes: writes,
            renders: resources.renders, assets: assetURLs, isPrivate: access.isPrivate)
        for set in routes { set.addRoutes(to: mount) }

        if let webRoot, let assets = try WebAssets(root: webRoot) {
            let firstScreen = access.isPrivate ? nil : FirstScreen(catalog: library.catalog, assets: assetURLs)
            WebController(assets: assets, firstScreen: firstScreen).addRoutes(to: router)
            LinkPageController(catalog: library.catalog, visits: visits, web: assets, publicBase: compat.publicURL)
                .addRoutes(to: router)
        }
        methods.record(router)
        return router
    }

    /// The HTTP server over `library`, running `services` (the composition root's background work) in the
    /// application's service group, so they start with the server and stop on its graceful shutdown.
    /// `metrics` is what the composition root made for `configuration.metrics` (nil when off); the separate
    /// metrics listener, if configured, runs as one more service.
    public static func makeApplication(
        library: Library, configuration: ServerConfiguration, services: [any Service] = [], logger: Logger,
        blocking: BoundedExecutor? = nil, metrics: VitrineMetrics? = nil, routes: [any RouteSet] = []
    ) throws -> some ApplicationProtocol {
        let metrics = configuration.metrics.isEnabled ? metrics : nil
        let router = try makeRouter(
            library: library, webRoot: configuration.webRoot, access: configuration.access,
            compat: configuration.compat, limits: configuration.limits, assets: configuration.assets,
            blocking: blocking, metrics: metrics, metricsOnMainPort: configuration.metrics.listener == nil,
            routes: routes)
        var services = services
        if let metrics, let listener = configuration.metrics.listener {
            services.append(
                makeMetricsListener(
                    metrics: metrics, queue: library.catalog, listener: listener, limits: configuration.limits,
                    logger: logger))
        }
        return Application(
            router: router, server: .timedHTTP1(configuration.limits),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Vitrine"),
            services: services, logger: logger)
    }
}
