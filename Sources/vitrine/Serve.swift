import ArgumentParser
import Foundation
import Hummingbird
import Ingest
import Logging
import VitrineServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the gallery and its API over HTTP.")

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

    @OptionGroup var compat: CompatOptions

    @OptionGroup(title: "Limits") var limits: LimitOptions

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "vitrine")
        let blocking = VitrineServer.makeBlockingPool(limits.limits)
        let opened = try Library(directory: library.data, executor: blocking)
        let webRoot = FileManager.default.fileExists(atPath: web + "/index.html") ? web : nil
        if webRoot == nil { logger.warning("no web client at \(web)/index.html; serving the API only") }

        if demo, try await opened.catalog.count() == 0 {
            let files = FileCollector.demoItems()
            logger.info("importing \(files.count) demo photos in the background")
            let importer = opened.importer()
            Task.detached {
                let summary = await importer.importItems(files)
                logger.info(
                    "demo import: \(summary.imported.count) imported, \(summary.duplicates.count) duplicates, \(summary.failures.count) failed"
                )
                for failure in summary.failures { logger.warning("\(failure.path): \(failure.reason)") }
            }
        }
        // Photos imported before the small thumb existed get one, in the background; until then the client
        // uses their thumb.
        let backfill = SmallThumbBackfill(catalog: opened.catalog, blobs: opened.blobs)
        Task.detached(priority: .background) {
            do {
                let summary = try await backfill.run()
                if summary.made > 0 || summary.retired > 0 || !summary.failures.isEmpty {
                    logger.info(
                        "small thumbnails: \(summary.made) made, \(summary.failures.count) failed, \(summary.retired) old ones deleted"
                    )
                }
                for failure in summary.failures {
                    logger.warning("small thumbnail for \(failure.photoId): \(failure.reason)")
                }
            } catch {
                logger.error("small thumbnails: \(error)")
            }
        }
        guard maxUploadMb > 0, maxUploadMb <= 1 << 20 else {
            throw ValidationError("--max-upload-mb must be between 1 and \(1 << 20)")
        }
        let (token, created) = try AdminToken(directory: opened.directory).loadOrCreate()
        if created {
            // Shown once: from now on it lives only in the data folder (`vitrine token rotate` replaces it).
            print("Admin token (shown once; also in \(opened.directory)/admin-token):\n\(token)")
        }
        guard (1...10_000).contains(maxFailedAuth) else {
            throw ValidationError("--max-failed-auth must be between 1 and 10000")
        }
        let access = AccessConfiguration(
            isPrivate: `private`, maximumUploadBytes: maxUploadMb << 20, trustsProxy: trustProxy,
            failedAttemptLimit: maxFailedAuth)
        let app = try VitrineServer.makeApplication(
            library: opened,
            configuration: ServerConfiguration(
                host: host, port: port, webRoot: webRoot, access: access,
                compat: compat.configuration(fallbackAuthority: "\(host):\(port)"), limits: limits.limits),
            logger: logger, blocking: blocking)
        logger.info("serving \(library.data) on http://\(host):\(port)")
        try await app.runService()
    }
}
