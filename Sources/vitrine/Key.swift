import Access
import ArgumentParser
import Ingest

struct Key: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Manage API keys for the Pixabay-compatible endpoint (GET /api/?key=…).",
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Make a key; it is shown once.")

        @OptionGroup var library: LibraryOptions

        @Option(help: "Who or what the key is for.")
        var label: String = ""

        func run() async throws {
            let keys = APIKeys(catalog: try await library.open().catalog)
            do {
                let made = try await keys.create(label: label)
                print("API key \(made.record.id ?? 0) (shown once; only its digest is stored):\n\(made.key)")
            } catch let error as APIKeys.KeyError {
                throw ValidationError(error.description)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List keys: id, hint, label, state.")

        @OptionGroup var library: LibraryOptions

        func run() async throws {
            let keys = try await APIKeys(catalog: try await library.open().catalog).list()
            for key in keys {
                let state = key.revokedAt == nil ? "live" : "revoked"
                print("\(key.id ?? 0)\t\(key.hint)\t\(state)\t\(key.label)")
            }
            if keys.isEmpty { print("no keys") }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a key by id (a running server refuses it from its next request).")

        @OptionGroup var library: LibraryOptions

        @Argument(help: "The key's id, as `vitrine key list` shows it.")
        var id: Int64

        func run() async throws {
            guard try await APIKeys(catalog: try await library.open().catalog).revoke(id: id) else {
                throw ValidationError("no live key with id \(id)")
            }
            print("revoked key \(id)")
        }
    }
}
