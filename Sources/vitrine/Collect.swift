import ArgumentParser
import Blobs
import Ingest

struct Collect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Delete stored files no photo uses, and with --trash-days purge the trash's expired photos.",
        discussion: """
            Safe beside a running server or import: the blobs an import is writing are leased and kept, and \
            temporaries are removed only when the process that wrote them is provably dead. The leases of a \
            dead process are dropped at once, so a gc right after a killed import takes its leftovers.
            """)

    @OptionGroup var library: LibraryOptions

    /// Nil leaves the trash to the servers' own purge, which follows their `--trash-days`: a default here
    /// would purge, at its first run, what a server keeping the trash longer still promises to keep.
    @Option(
        help: """
            Purge first the photos trashed more than this many days ago. Without it the trash is left to the             servers' hourly purge, which follows their own --trash-days.
            """)
    var trashDays: Int?

    @Flag(help: "Only list what would be deleted.")
    var dryRun = false

    @Option(
        help: """
            Temporaries whose writer cannot be checked (another host, another pid namespace, an earlier boot) \
            are deleted once unchanged for this many hours.
            """)
    var staleTemporaryHours: Int = TemporaryArea.defaultStaleAge / 3600

    func validate() throws {
        if let trashDays, !TrashPolicy.allowedDays.contains(trashDays) {
            throw ValidationError(
                "--trash-days must be between \(TrashPolicy.allowedDays.lowerBound) and \(TrashPolicy.allowedDays.upperBound)"
            )
        }
        guard (1...87_600).contains(staleTemporaryHours) else {
            throw ValidationError("--stale-temporary-hours must be between 1 and 87600")
        }
    }

    func run() async throws {
        let opened = try await library.open()
        if dryRun {
            let orphans = try await opened.orphanBlobs()
            for key in orphans { print(key.hex) }
            print("\(orphans.count) unused files")
            return
        }
        let temporaries =
            try opened.removedTemporaries
            + opened.temporaries.removeAbandoned(staleAge: staleTemporaryHours * 3600)
        if let trashDays {
            let purged = try await opened.purgeTrash(olderThanDays: trashDays)
            if purged > 0 { print("purged \(purged) files of photos trashed over \(trashDays) days ago") }
        }
        let (keys, bytes) = try await opened.collectOrphans()
        print("deleted \(keys.count) unused files (\(bytes / 1024) KiB)")
        if temporaries > 0 { print("deleted \(temporaries) abandoned temporaries") }
    }
}
