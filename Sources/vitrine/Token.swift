import ArgumentParser
import Ingest
import VitrineServer

struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the admin token that writes need.", subcommands: [Rotate.self])

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: """
                Replace the admin token (a running server accepts only the new one from its next request) and \
                end every sign-in session.
                """)

        @OptionGroup var library: LibraryOptions

        func run() async throws {
            let token = try AdminToken(directory: library.data).rotate()
            // Sessions made with the old token are already refused; their rows go too.
            let ended = try await Library(directory: library.data).catalog.deleteAllSessions()
            print("New admin token (the old one no longer works; \(ended) sessions ended):\n\(token)")
        }
    }
}
