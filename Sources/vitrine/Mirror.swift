import ArgumentParser
import VitrineMirror

/// `vitrine mirror URL DIR`: the mirror, run in this process. `vitrine-mirror` is the same command in a
/// binary that links VitrineKit alone.
struct MirrorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror", abstract: MirrorOptions.abstract, discussion: MirrorOptions.discussion)

    @OptionGroup var options: MirrorOptions

    func run() async throws { try await options.run() }
}
