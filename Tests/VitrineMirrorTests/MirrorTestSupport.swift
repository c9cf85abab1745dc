import Foundation
import Testing
import VitrineAPI
import VitrineKit

@testable import VitrineMirror

/// What the mirror tests share: running the engine in-process, checking a folder, waiting.
enum MirrorCheck {
    /// One sync of `url` into `directory`, in-process.
    static func mirror(
        _ url: URL, into directory: String, token: String? = nil,
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, follow: Bool = false
    ) async throws -> MirrorProgress.Counts {
        try await engine(url, into: directory, token: token, transport: transport).run(follow: follow)
    }

    static func engine(
        _ url: URL, into directory: String, token: String? = nil,
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, parallel: Int = 4
    ) -> MirrorEngine {
        MirrorEngine(
            client: VitrineClient(baseURL: url, token: token, transport: transport),
            directory: URL(fileURLWithPath: directory), parallel: parallel, progress: MirrorProgress())
    }

    /// Every photo of `library` is in `directory`: its original byte for byte, its detail, its state
    /// entry; and nothing else sits under a final name.
    static func expectComplete(_ directory: String, library: MirrorLibrary) throws {
        let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: directory)))
        #expect(Set(state.photos.keys) == Set(library.sources.keys))
        for (id, source) in library.sources {
            let original = FileManager.default.contents(atPath: directory + "/" + id + ".jpg")
            #expect(original == FileManager.default.contents(atPath: source), "original of \(id)")
            let json = try #require(FileManager.default.contents(atPath: directory + "/" + id + ".json"))
            #expect(try JSONDecoder().decode(PhotoDetail.self, from: json).id == id)
            #expect(state.photos[id]?.file == id + ".jpg")
        }
        try expectNoStrayFinalNames(directory, library: library)
    }

    /// Every file under a final name is a verified original or a whole detail of a known photo.
    static func expectNoStrayFinalNames(_ directory: String, library: MirrorLibrary) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where !name.hasPrefix(".") {
            let path = directory + "/" + name
            if name.hasSuffix(".jpg") {
                let id = String(name.dropLast(4))
                let source = try #require(library.sources[id], "unexpected file \(name)")
                #expect(
                    FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: source),
                    "\(name) is not whole")
            } else if name.hasSuffix(".json") {
                let json = try #require(FileManager.default.contents(atPath: path))
                #expect(throws: Never.self, "\(name) is not whole") {
                    try JSONDecoder().decode(PhotoDetail.self, from: json)
                }
            } else {
                Issue.record("unexpected file \(name)")
            }
        }
    }

    /// Polls `condition` until it holds, failing after `deadline`.
    static func wait(
        _ what: String, deadline: Duration = .seconds(120), _ condition: @Sendable () throws -> Bool
    ) async throws {
        let end = ContinuousClock.now + deadline
        while try !condition() {
            guard ContinuousClock.now < end else { throw MirrorFixtureError("timed out waiting: \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The file's inode: the mirror writes a detail to a new file renamed over the old, so a rewrite changes it.
    static func inode(_ path: String) throws -> UInt64 {
        let number = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]
        return try #require((number as? NSNumber)?.uint64Value)
    }
}
