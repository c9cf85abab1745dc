import ArgumentParser
import VitrineServer

struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the admin token that writes need.", subcommands: [Rotate.self])

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the admin token (a running server accepts only the new one from its next request).")

        @OptionGroup var library: LibraryOptions

        func run() throws {
            let token = try AdminToken(directory: library.data).rotate()
            print("New admin token (the old one no longer works):\n\(token)")
        }
    }
}
