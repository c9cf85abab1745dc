import ArgumentParser
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

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be at least 1") }
    }

    func run() async throws {
        let opened = try await library.open()
        let (items, missing) = FileCollector.items(in: paths)
        var options = ImportOptions(concurrency: jobs)
        options.render.maxPixels = maxPixels
        let reporter = ProgressReporter(total: items.count, interactive: isatty(STDERR_FILENO) == 1)
        var summary = await opened.importer(options: options).importItems(items) { reporter.update($0) }
        reporter.finish()
        for path in missing { summary.failures.append((path, "no such file or folder")) }

        print(
            "imported: \(summary.imported.count), duplicates: \(summary.duplicates.count), failed: \(summary.failures.count)"
        )
        for failure in summary.failures { print("  failed: \(failure.path): \(failure.reason)") }
        if !summary.failures.isEmpty { throw ExitCode(1) }
    }
}
