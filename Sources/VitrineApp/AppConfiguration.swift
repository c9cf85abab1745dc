import Jobs
import Logging
import VitrineServer

/// Everything `buildApplication` needs: where the library is, how to serve it, and which background
/// services run beside the server.
public struct AppConfiguration: Sendable {
    public var storage: StorageConfiguration
    public var server: ServerConfiguration
    /// Import the demo photos when the catalog is empty (`serve --demo`).
    public var importsDemo: Bool
    /// Where the demo photos are (Debian's plasma-workspace-wallpapers layout).
    public var demoRoot: String
    /// Make the small thumbs photos imported before they existed lack, then delete the retired ones.
    public var backfillsSmallThumbs: Bool
    /// The embedded worker's configuration; nil runs none (an API-only server, `serve --workers 0`, and
    /// the default here: `vitrine serve` chooses one).
    public var worker: WorkerConfiguration?
    public var logger: Logger

    public init(
        storage: StorageConfiguration, server: ServerConfiguration = ServerConfiguration(), importsDemo: Bool = false,
        demoRoot: String = "/usr/share/wallpapers", backfillsSmallThumbs: Bool = true,
        worker: WorkerConfiguration? = nil, logger: Logger = Logger(label: "vitrine")
    ) {
        self.storage = storage
        self.server = server
        self.importsDemo = importsDemo
        self.demoRoot = demoRoot
        self.backfillsSmallThumbs = backfillsSmallThumbs
        self.worker = worker
        self.logger = logger
    }
}
