import Access
import ArgumentParser
import Ingest

struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Manage the admin token that writes need.", subcommands: [Rotate.self])

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate",
            abstract: """
                Replace the admin token (a running server accepts only the new one from its next request) and \
                end every sign-in session.
                """)

        @OptionGroup var library: LibraryOptions

        func run() async throws {
            // The catalog the library options name holds the digest every server checks, so this works on
            // a running cluster: the old token and every session stop working at their next request.
            let opened = try await library.open()
            let token = try await AdminToken(directory: opened.directory).rotate(in: opened.catalog)
            print("New admin token (the old one no longer works; every session ended):\n\(token)")
        }
    }
}
