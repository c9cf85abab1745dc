import ArgumentParser
import Foundation
import VitrineApp

/// `vitrine blobs …`: commands on a library's blob store.
struct BlobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blobs", abstract: "Manage where a library's blobs live.", subcommands: [Migrate.self])

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate", abstract: "Copy every blob of the data folder's blobs/ to an S3 bucket.",
            discussion: """
                Resumable: blobs the bucket already holds with the same size are skipped, so an interrupted \
                migration is finished by running it again. Every blob is verified against its SHA-256 name as it \
                is uploaded; a damaged one is reported and not copied, and the command then exits with status 1. \
                The disk copies and the catalog are left as they are; afterwards `serve --blobs s3://…` serves \
                the same library. Blobs written while it runs may be missed: stop the server first, or run it \
                again before switching.
                """)

        @OptionGroup var folder: DataFolderOptions

        @Option(help: "The bucket to copy to: s3://BUCKET[/PREFIX].")
        var to: String

        @OptionGroup(title: "S3") var s3: S3Options

        @Option(help: "Blobs copied at once.")
        var jobs: Int = BlobMigration.defaultJobs

        func validate() throws {
            guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64") }
            _ = try s3.location(url: to, flag: "--to")
        }

        func run() async throws {
            let destination = try s3.location(url: to, flag: "--to")
            let migration = try await BlobMigration(dataDirectory: folder.data, to: destination, jobs: jobs)
            let progress = MigrationProgressLine(interactive: isatty(STDERR_FILENO) == 1)
            let summary = try await migration.run { progress.show($0) }
            progress.finish()
            print(
                "migrated to \(migration.destination.location): \(summary.copied) copied "
                    + "(\(summary.bytesCopied / 1024) KiB), \(summary.skipped) already there, "
                    + "\(summary.failures.count) failed, of \(summary.total)")
            for failure in summary.failures { print("  failed: \(failure.key.hex): \(failure.reason)") }
            if !summary.failures.isEmpty { throw ExitCode(1) }
        }
    }
}

/// The migration's progress on standard error: one line redrawn on a terminal, a line per 100 blobs (and
/// the last) otherwise.
final class MigrationProgressLine: @unchecked Sendable {
    private let interactive: Bool
    private let lock = NSLock()

    init(interactive: Bool) { self.interactive = interactive }

    func show(_ progress: BlobMigrationProgress) {
        lock.withLock {
            let line =
                "\(progress.done)/\(progress.total) blobs, \(Self.size(progress.bytesCopied)) copied"
            if interactive {
                FileHandle.standardError.write(Data("\r\(line) ".utf8))
            } else if progress.done % 100 == 0 || progress.done == progress.total {
                FileHandle.standardError.write(Data("\(line)\n".utf8))
            }
        }
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func size(_ bytes: Int64) -> String {
        bytes < 1 << 20
            ? "\(bytes / 1024) KiB" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}
