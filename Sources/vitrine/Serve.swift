import Access
import ArgumentParser
import Blobs
import Foundation
import Hummingbird
import Imaging
import Ingest
import Jobs
import Logging
import VitrineApp
import VitrineServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the gallery and its API over HTTP.")

    @OptionGroup var library: LibraryOptions

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port: Int = 8080

    @Flag(help: "Import the demo photos (Debian's plasma-workspace-wallpapers) when the catalog is empty.")
    var demo = false

    @Option(help: "Folder of the web client's files.")
    var web: String = "Web"

    @Flag(help: "Reads need the admin token too; the web client asks for it.")
    var `private` = false

    @Option(help: "The largest upload accepted, in megabytes.")
    var maxUploadMb: Int = 200

    @Flag(
        help: """
            A reverse proxy you run is in front: take the client address from the right-most X-Forwarded-For \
            entry and the scheme from X-Forwarded-Proto. Without this flag both headers are ignored.
            """)
    var trustProxy = false

    @Option(
        help: """
            Failed admin tokens, session cookies and API keys allowed per client address per minute; past it, \
            requests carrying credentials get 429.
            """)
    var maxFailedAuth: Int = 10

    @Option(
        help: """
            A public URL of the blob store's folder or prefix (a public bucket, or a CDN in front of it), where \
            BASE/ab/cd/<sha256> answers each blob: API items then point there and the bytes never pass through \
            Vitrine. Not with --private: the store would serve the photos without the token.
            """)
    var assetBaseUrl: String?

    @Option(
        help: """
            Jobs the embedded worker runs at once (renders up to N, one of each other kind); 0 runs none, for \
            an API-only server beside `vitrine worker` processes. Default: renders on half the cores.
            """)
    var workers: Int?

    @Option(
        help: """
            Where an upload is rendered: `queued` (the default) stores its original, answers with the photo \
            processing, and leaves the render to the job queue's workers (the embedded one, or `vitrine \
            worker` processes); `inline` renders within the request and answers with the photo ready.
            """)
    var uploadRenders: UploadRenders = .queued

    @OptionGroup var compat: CompatOptions

    @OptionGroup(title: "Limits") var limits: LimitOptions

    @OptionGroup(title: "Metrics") var metrics: MetricsOptions

    func run() async throws {
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label) }
        let logger = Logger(label: "vitrine")
        guard maxUploadMb > 0, maxUploadMb <= 1 << 20 else {
            throw ValidationError("--max-upload-mb must be between 1 and \(1 << 20)")
        }
        guard (1...10_000).contains(maxFailedAuth) else {
            throw ValidationError("--max-failed-auth must be between 1 and 10000")
        }
        var assets = AssetURLs()
        if let assetBaseUrl {
            guard let parsed = AssetURLs(base: assetBaseUrl) else {
                throw ValidationError(
                    "--asset-base-url must be an absolute http(s) URL without query, fragment or credentials")
            }
            guard !`private` else {
                throw ValidationError("--asset-base-url cannot be combined with --private: the store serves no token")
            }
            assets = parsed
        }
        let worker = try embeddedWorker
        // A server renders on half the cores, each render's libvips threads included: the other half
        // answers pages while a batch renders.
        Vips.limitThreads(to: ProcessInfo.processInfo.activeProcessorCount / 2)
        let webRoot = FileManager.default.fileExists(atPath: web + "/index.html") ? web : nil
        if webRoot == nil { logger.warning("no web client at \(web)/index.html; serving the API only") }
        let access = AccessConfiguration(
            isPrivate: `private`, maximumUploadBytes: maxUploadMb << 20, trustsProxy: trustProxy,
            failedAttemptLimit: maxFailedAuth)
        var limits = limits.limits
        limits.queuesUploadRenders = uploadRenders == .queued
        var server = ServerConfiguration(
            host: host, port: port, webRoot: webRoot, access: access,
            compat: compat.configuration(fallbackAuthority: "\(host):\(port)"), limits: limits, assets: assets)
        server.metrics = try metrics.configuration()
        if let listener = server.metrics.listener, listener.port == port {
            throw ValidationError("--metrics-port must differ from --port")
        }
        var storage = try library.storage
        storage.ioThreads = limits.blockingThreads
        storage.ioQueueLimit = limits.blockingQueue
        let opened = try await openLibrary(storage)
        let app = try buildApplication(
            AppConfiguration(storage: storage, server: server, importsDemo: demo, worker: worker, logger: logger),
            library: opened)
        switch try await AdminToken(directory: opened.directory).establish(in: opened.catalog) {
        case .created(let token):
            // Shown once: from now on it lives only in the data folder (`vitrine token rotate` replaces it).
            print("Admin token (shown once; also in \(opened.directory)/admin-token):\n\(token)")
        case .existing(fileMatches: false):
            logger.warning(
                "\(opened.directory)/admin-token does not hold the catalog's admin token (another process made or rotated it); `vitrine token rotate` makes a new one"
            )
        case .adopted, .existing(fileMatches: true): break
        }
        logger.info(
            "serving \(library.data) on http://\(host):\(port); blobs in \(opened.blobs.location); catalog: \(storage.catalog)"
        )
        if let listener = server.metrics.listener {
            logger.info("metrics on http://\(listener.host):\(listener.port)/metrics")
        }
        try await app.runService()
    }

    /// The embedded worker `--workers` asks for; nil for none.
    var embeddedWorker: WorkerConfiguration? {
        get throws {
            let name = ProcessIdentity.current.record
            let cores = ProcessInfo.processInfo.activeProcessorCount
            guard let workers else { return .standard(name: name, cores: cores) }
            guard workers != 0 else { return nil }
            do {
                return try WorkerConfiguration.parsing(concurrency: ["\(workers)"], name: name, cores: cores)
            } catch let error as WorkerConfigurationError {
                throw ValidationError(error.description.replacingOccurrences(of: "--concurrency", with: "--workers"))
            }
        }
    }
}

/// `serve --upload-renders`.
enum UploadRenders: String, ExpressibleByArgument, CaseIterable {
    case queued, inline
}
