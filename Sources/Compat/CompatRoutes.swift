import Access
import Ingest
import VitrineServer

/// The compatibility surface: Pixabay search and sized images (`/api/`, `…/sized/…`) and counters on the
/// read groups, Parse under `/parse`, key management on the admin group.
public struct CompatRoutes: RouteSet {
    let compat: CompatConfiguration

    public init(_ compat: CompatConfiguration) { self.compat = compat }

    public func addRoutes(to mount: RouteMount) {
        let library = mount.library
        let base = PublicBase(configuration: compat)
        let keys = APIKeys(catalog: library.catalog)
        let limiter = RateLimiter(
            counters: library.catalog, limit: compat.rateLimit, windowSeconds: compat.rateWindowSeconds,
            now: compat.clock)
        PixabayController(
            catalog: library.catalog, keys: keys, limiter: limiter, throttle: mount.throttle, base: base,
            owner: compat.owner, assets: mount.assets, answersJSONP: !mount.isPrivate
        )
        .addRoutes(to: mount.root)
        SizedController(
            catalog: library.catalog, blobs: library.blobs,
            maker: SizedVariantMaker(library: library, renders: mount.renders)
        )
        .addRoutes(to: mount.root)
        CountersController(catalog: library.catalog, blobs: library.blobs).addRoutes(to: mount.reads)
        APIKeysController(keys: keys).addRoutes(to: mount.writes)

        let parse = mount.root.group("parse").add(
            middleware: ParseApplicationMiddleware(applicationId: compat.parseApplicationId))
        ParseController(catalog: library.catalog, base: base, assets: mount.assets).addRoutes(to: parse)
    }
}
