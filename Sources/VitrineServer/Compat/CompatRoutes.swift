import Access
import Hummingbird
import Ingest
import Scheduling

extension VitrineServer {
    /// Mounts the compatibility surface: Pixabay search and sized images (`/api/`, `…/sized/…`) and counters
    /// on the read groups, Parse under `/parse`, key management on the admin group.
    static func addCompatRoutes(
        library: Library, compat: CompatConfiguration, throttle: AuthThrottle,
        root: RouterGroup<VitrineRequestContext>, reads: RouterGroup<VitrineRequestContext>,
        writes: RouterGroup<VitrineRequestContext>, renders: BoundedExecutor, assets: AssetURLs
    ) {
        let base = PublicBase(configuration: compat)
        let keys = APIKeys(catalog: library.catalog)
        let limiter = RateLimiter(
            counters: library.catalog, limit: compat.rateLimit, windowSeconds: compat.rateWindowSeconds,
            now: compat.clock)
        PixabayController(
            catalog: library.catalog, keys: keys, limiter: limiter, throttle: throttle, base: base, owner: compat.owner
        )
        .addRoutes(to: root)
        SizedController(
            catalog: library.catalog, blobs: library.blobs, maker: SizedVariantMaker(library: library, renders: renders)
        )
        .addRoutes(to: root)
        CountersController(catalog: library.catalog, blobs: library.blobs).addRoutes(to: reads)
        APIKeysController(keys: keys).addRoutes(to: writes)

        let parse = root.group("parse").add(
            middleware: ParseApplicationMiddleware(applicationId: compat.parseApplicationId))
        ParseController(catalog: library.catalog, base: base, assets: assets).addRoutes(to: parse)
    }
}
