import ArgumentParser
import Ingest

struct Collect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Delete stored files no photo uses (left by an interrupted import).",
        discussion: "Safe beside a running server or import: files an import is writing are leased and kept.")

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Only list what would be deleted.")
    var dryRun = false

    func run() throws {
        let opened = try Library(directory: library.data)
        if dryRun {
            let orphans = try opened.orphanBlobs()
            for key in orphans { print(key.hex) }
            print("\(orphans.count) unused files")
            return
        }
        let (keys, bytes) = try opened.collectOrphans()
        print("deleted \(keys.count) unused files (\(bytes / 1024) KiB)")
    }
}
