import ArgumentParser
import Blobs
import Catalog
import Foundation
import Ingest
import Jobs
import VitrineApp

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import photos from files and folders (recursively).",
        discussion: """
            Each file is recorded with its original stored and its render queued, and a worker in this \
            process renders them meanwhile, as `vitrine worker` does; the import ends once every photo's \
            render has ended, whichever worker ran it. Importing again after a crash finishes what it left. \
            Exits with status 1 when any file failed; duplicates are not failures.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    @Option(help: "Files recorded and photos rendered at once (default: the number of cores).")
    var jobs: Int = ImportOptions.defaultConcurrency

    @Option(help: "Refuse images with more pixels than this, checked before decoding.")
    var maxPixels: Int = 100_000_000

    @Flag(
        help: """
            Only record the photos and queue their renders, for `vitrine worker` (or a server's embedded \
            worker): they show as processing until a worker has rendered them.
            """)
    var enqueueOnly = false

    @Option(
        help: """
            Seconds a job stays this import's without a heartbeat: how long a job of an import that was \
            killed waits before another worker takes it.
            """)
    var leaseSeconds = 60

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be at least 1") }
        guard WorkerConfiguration.leaseSeconds.contains(leaseSeconds) else {
            throw ValidationError("--lease-seconds must be within \(WorkerConfiguration.leaseSeconds)")
        }
    }

    func run() async throws {
        let opened = try await library.open()
        let (items, missing) = FileCollector.items(in: paths)
        var options = ImportOptions(concurrency: jobs)
        options.render.maxPixels = maxPixels
        let reporter = ProgressReporter(total: items.count, interactive: isatty(STDERR_FILENO) == 1)
        var summary: ImportSummary
        if enqueueOnly {
            options.queuedRenderPriority = JobPriority.background
            summary = await opened.importer(options: options).importItems(items) { reporter.update($0) }
        } else {
            summary = await opened.importThroughQueue(
                items, options: options,
                worker: .importing(name: ProcessIdentity.current.record, jobs: jobs, leaseSeconds: leaseSeconds)
            ) {
                reporter.update($0)
            }
        }
        reporter.finish()
        for path in missing { summary.failures.append((path, "no such file or folder")) }

        if enqueueOnly { print("renders queued for workers: \(summary.imported.count)") }
        print(
            "imported: \(summary.imported.count), duplicates: \(summary.duplicates.count), failed: \(summary.failures.count)"
        )
        for failure in summary.failures { print("  failed: \(failure.path): \(failure.reason)") }
        if !summary.failures.isEmpty { throw ExitCode(1) }
    }
}
