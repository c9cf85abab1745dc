import ArgumentParser
import VitrineMirror

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitrine-mirror URL DIR`: `vitrine mirror` in a binary of its own, which links VitrineKit and none of the
/// server (Hummingbird, GRDB, PostgresNIO, libvips), so it starts faster and ships alone to a machine that
/// only keeps a copy.
@main
struct VitrineMirrorMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine-mirror", abstract: MirrorOptions.abstract, discussion: MirrorOptions.discussion)

    @OptionGroup var options: MirrorOptions

    func run() async throws { try await options.run() }

    /// Files the mirror creates are private to the user running it, as with every `vitrine` command.
    static func main() async {
        umask(0o077)
        await main(nil)
    }
}
