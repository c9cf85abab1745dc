import ArgumentParser

@main
struct Vitrine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "A self-hosted photo gallery: import photos, serve the gallery.",
        subcommands: [Serve.self, Import.self, Token.self, Key.self, Collect.self]
    )
}

/// Options every command that touches a library shares.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "The data folder: catalog, originals and variants.")
    var data: String = "./vitrine-data"
}
