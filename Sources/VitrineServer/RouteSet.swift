import Access
import Hummingbird
import Ingest
import Scheduling

/// Routes a module above the server adds to the router `VitrineServer.makeRouter` builds, so the server
/// need not know them; the composition root chooses which sets to mount.
public protocol RouteSet: Sendable {
    func addRoutes(to mount: RouteMount)
}

/// What a `RouteSet` mounts on, and the router's shared parts it may use.
public struct RouteMount: Sendable {
    public let library: Library
    /// The throttle of the API keys the compatible routes check: its own budget per address, apart from the
    /// admin's and visitors' credentials (a page elsewhere can make a browser guess keys).
    public let throttle: AuthThrottle
    /// The router's root, behind the read check on a `--private` server.
    public let root: RouterGroup<VitrineRequestContext>
    /// `/api/v1`, behind the read check on a `--private` server.
    public let reads: RouterGroup<VitrineRequestContext>
    /// `/api/v1`, behind the admin token.
    public let writes: RouterGroup<VitrineRequestContext>
    /// The pool sized renditions render on.
    public let renders: BoundedExecutor
    public let assets: AssetURLs
    /// A `--private` server: its reads are authorised by the owner's session cookie too, which a script tag
    /// on another page sends along.
    public let isPrivate: Bool
}
