import ArgumentParser
import Catalog
import Foundation
import Ingest

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import photos from files and folders (recursively).",
        discussion: "Exits with status 1 when any file failed; duplicates are not failures.")

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    @Option(help: "Files processed at once (default: the number of cores).")
    var jobs: Int = ImportOptions.defaultConcurrency

    @Option(help: "Refuse images with more pixels than this, checked before decoding.")
    var maxPixels: Int = 100_000_000

    @Flag(
        help: """
            Record each photo from its header and metadata with its original stored, and queue its render for             `vitrine worker` (or a server's embedded worker) instead of rendering here. Its photos show as             processing until a worker has rendered them.
            """)
    var enqueueOnly = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be at least 1") }
    }

    func run() async throws {
        let opened = try await library.open()
        let (items, missing) = FileCollector.items(in: paths)
        var options = ImportOptions(concurrency: jobs)
        options.render.maxPixels = maxPixels
        if enqueueOnly { options.queuedRenderPriority = JobPriority.background }
        let reporter = ProgressReporter(total: items.count, interactive: isatty(STDERR_FILENO) == 1)
        var summary = await opened.importer(options: options).importItems(items) { reporter.update($0) }
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
