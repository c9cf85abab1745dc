import ArgumentParser
import Ingest
import VitrineApp

#if canImport(Glibc)
    import Glibc
#endif

@main
struct Vitrine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "A self-hosted photo gallery: import photos, serve the gallery.",
        subcommands: [
            Serve.self, Import.self, Worker.self, JobsCommand.self, Token.self, Key.self, Collect.self,
            BlobsCommand.self,
            MirrorCommand.self,
        ]
    )

    /// Everything the server and the CLI create is private to the user running them: folders 0700, files
    /// 0600 (the catalog's SQLite files, the admin token, blobs, temporaries), set before any file exists.
    static func main() async {
        umask(0o077)
        await main(nil)
    }
}

/// Options every command that touches a library shares.
struct LibraryOptions: ParsableArguments {
    @OptionGroup var folder: DataFolderOptions

    @OptionGroup(title: "Blob store") var blobStore: BlobStoreOptions

    @OptionGroup(title: "Catalog") var catalog: CatalogOptions

    var data: String { folder.data }

    var storage: StorageConfiguration {
        get throws {
            StorageConfiguration(
                dataDirectory: data, blobs: try blobStore.location, catalog: try catalog.location)
        }
    }

    /// The library these options name, opened through the composition root.
    func open() async throws -> Library { try await openLibrary(try storage) }
}

/// The data folder, alone: for commands that name their store otherwise (`blobs migrate`).
struct DataFolderOptions: ParsableArguments {
    @Option(name: .long, help: "The data folder: catalog, admin token, temporaries, and by default the blobs.")
    var data: String = "./vitrine-data"
}
