import ArgumentParser
import Blobs
import Ingest

struct Collect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Purge the trash's expired photos, and delete stored files no photo uses.",
        discussion: """
            Safe beside a running server or import: the blobs an import is writing are leased and kept, and \
            temporaries are removed only when the process that wrote them is provably dead. The leases of a \
            dead process are dropped at once, so a gc right after a killed import takes its leftovers.
            """)

    @OptionGroup var library: LibraryOptions

    @Option(help: "Days a deleted photo stays in the trash; older ones are purged first.")
    var trashDays = TrashPolicy.defaultDays

    @Flag(help: "Only list what would be deleted.")
    var dryRun = false

    @Option(
        help: """
            Temporaries whose writer cannot be checked (another host, another pid namespace, an earlier boot) \
            are deleted once unchanged for this many hours.
            """)
    var staleTemporaryHours: Int = TemporaryArea.defaultStaleAge / 3600

    func validate() throws {
        guard TrashPolicy.allowedDays.contains(trashDays) else {
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
        let purged = try await opened.purgeTrash(olderThanDays: trashDays)
        if purged > 0 { print("purged \(purged) files of photos trashed over \(trashDays) days ago") }
        let (keys, bytes) = try await opened.collectOrphans()
        print("deleted \(keys.count) unused files (\(bytes / 1024) KiB)")
        if temporaries > 0 { print("deleted \(temporaries) abandoned temporaries") }
    }
}
