import Foundation
import TestSupport
import Testing

/// `vitrine mirror` never loads libvips, which Imaging opens on first use: a mirror run pays only for
/// what it does. The dynamic linker names every library it loads under `LD_DEBUG=libs`.
@Suite struct MirrorStartTests {
    @Test func aMirrorRunNeverLoadsLibvipsWhileAnImportDoes() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            let mirror = try await MirrorKillTests.run(
                binary, ["mirror", url.absoluteString, folder.path], environment: ["LD_DEBUG": "libs"])
            #expect(mirror.status == 0, "\(mirror.output)")
            #expect(mirror.output.contains("libswiftCore"), "LD_DEBUG printed nothing: \(mirror.output)")
            #expect(!mirror.output.contains("libvips"))
        }
        try MirrorCheck.expectComplete(folder.path, library: library)

        // The control: the same binary loads it as soon as it reads an image.
        let data = TemporaryDirectory("import")
        let inputs = TemporaryDirectory("import-inputs")
        let photo = try Fixtures.write(inputs.file("one.jpg"), width: 64, height: 48, seed: 5)
        let imported = try await MirrorKillTests.run(
            binary, ["import", "--data", data.path, photo], environment: ["LD_DEBUG": "libs"])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("libvips.so.42"))
    }
}
