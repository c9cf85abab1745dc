import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine-mirror`: the mirror in a binary that carries none of the server, so it starts without loading
/// or relocating code a mirror never runs.
@Suite struct MirrorBinaryTests {
    /// Swift mangles each symbol and each type's reflection name with its module's name prefixed by its length:
    /// a binary holding any code of these modules holds these bytes.
    static let serverModules = ["11Hummingbird", "4GRDB", "11PostgresNIO"]

    /// Whether the file holds `text`'s bytes: memchr to each candidate first byte, then memcmp, since a debug
    /// binary is a hundred megabytes or more.
    static func binary(_ path: String, contains text: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let needle = Array(text.utf8)
        return data.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress, let first = needle.first else { return false }
            var offset = 0
            while offset + needle.count <= haystack.count {
                guard let hit = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1)
                else { return false }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needle, needle.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }

    @Test func theMirrorBinaryLinksNoneOfTheServerWhileVitrineDoes() throws {
        let mirror = try #require(VitrineBinary.mirrorPath, "set VITRINE_MIRROR_BINARY or build vitrine-mirror")
        let vitrine = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        #expect(try Self.binary(mirror, contains: "13VitrineMirror"), "the mirror's own code is there")
        for module in Self.serverModules {
            #expect(try !Self.binary(mirror, contains: module), "\(mirror) carries \(module)")
            // The control: the same search finds the module in the server's binary.
            #expect(try Self.binary(vitrine, contains: module), "\(vitrine) has no \(module)?")
        }
        // GRDB's SQLite is a shared library the dynamic linker would load for the binary that names it.
        #expect(try !Self.binary(mirror, contains: "libsqlite3.so"))
        #expect(try Self.binary(vitrine, contains: "libsqlite3.so"))
    }

    @Test func theMirrorBinaryMirrorsAsVitrineMirrorDoes() async throws {
        let mirror = try #require(VitrineBinary.mirrorPath, "set VITRINE_MIRROR_BINARY or build vitrine-mirror")
        let help = try await MirrorKillTests.run(mirror, ["--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: vitrine-mirror <url> <directory>"), "\(help.output)")
        let library = try await MirrorLibrary(photos: 2)
        let scratch = TemporaryDirectory("mirror")
        let folder = scratch.file("copy")
        try await library.serve { url in
            let run = try await MirrorKillTests.run(mirror, [url.absoluteString, folder, "--parallel", "2"])
            #expect(run.status == 0 && run.output.contains("failed 0"), "\(run.output)")
        }
        try MirrorCheck.expectComplete(folder, library: library)
        // The folder it made is private to the user, as everything a `vitrine` command makes, whatever the
        // caller's umask.
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700, "\(String(describing: mode))")
        let refused = try await MirrorKillTests.run(mirror, ["http://127.0.0.1:1/", folder, "--parallel", "0"])
        #expect(refused.status != 0 && refused.output.contains("--parallel must be between 1 and 64"))
    }
}
