import Foundation
import TestSupport
import Testing
import VitrineKit

@testable import VitrineMirror

/// What a mirror trusts after a restart: in the same boot, whatever the state names; after a reboot, a
/// photo written since the last flush only once its bytes pass their hash again (see `MirrorDurability`).
@Suite struct MirrorDurabilityTests {
    /// The state as a run in another boot would have left it: every photo written and none flushed.
    static func pretendAnotherBoot(_ folder: TemporaryDirectory) throws {
        let directory = URL(fileURLWithPath: folder.path)
        var state = try #require(try MirrorState.load(from: directory))
        state.unflushed = Set(state.photos.keys)
        state.boot = "00000000-0000-0000-0000-000000000000"
        try JSONEncoder().encode(state).write(to: directory.appendingPathComponent(MirrorState.fileName))
    }

    @Test func aRunRecordsWhatItWroteAndTheNextRunInTheSameBootFlushesAndTrustsIt() async throws {
        try #require(MirrorDurability.currentBoot != nil, "Linux names its boot")
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            let written = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(written.boot == MirrorDurability.currentBoot)
            #expect(written.unflushed == Set(library.sources.keys), "nothing was waited for")

            let probe = MirrorTransportProbe()
            let again = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(again.downloaded == 0 && again.alreadyThere == 3 && probe.assetRequestCount == 0)
            let settled = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(settled.unflushed == nil, "the re-run flushed them and says so")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aLongSyncFlushesInTheBackgroundAndForgetsWhatTheFlushCovered() async throws {
        try #require(MirrorDurability.currentBoot != nil, "Linux names its boot")
        let library = try await MirrorLibrary(photos: 4)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            var engine = MirrorCheck.engine(url, into: folder.path)
            engine.flushInterval = .zero  // a flush as soon as the first photo is written
            let counts = try await engine.run(follow: false)
            #expect(counts.downloaded == 4 && counts.failed == 0)
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            let unflushed = state.unflushed ?? []
            #expect(unflushed.count < 4, "the first photo, at least, was flushed during the sync")
            #expect(unflushed.isSubset(of: Set(library.sources.keys)))
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func afterARebootUnflushedBytesAreHashedAgainAndADamagedOneIsFetchedAgain() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            try Self.pretendAnotherBoot(folder)
            // A power cut can leave a renamed file with its size but not its bytes.
            let damaged = try #require(library.sources.keys.sorted().first)
            let path = folder.file(damaged + ".jpg")
            let size = try #require(MirrorFiles.size(of: URL(fileURLWithPath: path)))
            try Data(count: Int(size)).write(to: URL(fileURLWithPath: path))

            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.downloaded == 1 && counts.alreadyThere == 2 && counts.failed == 0)
            #expect(probe.assetRequestCount == 1, "only the damaged original is fetched again")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func afterARebootADetailWrittenSinceTheLastFlushIsFetchedAgain() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            try Self.pretendAnotherBoot(folder)
            let id = try #require(library.sources.keys.sorted().first)
            try Data().write(to: URL(fileURLWithPath: folder.file(id + ".json")))  // an empty, renamed file

            let counts = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(counts.downloaded == 0 && counts.alreadyThere == 2 && counts.failed == 0)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aStateEntryNamingAFileOutsideTheFolderIsDropped() async throws {
        let folder = TemporaryDirectory("mirror")
        var state = MirrorState(server: "http://127.0.0.1:1/", previews: false)
        state.photos["abc"] = MirrorState.Entry(sha256: String(repeating: "0", count: 64), file: "../abc.jpg", size: 1)
        state.photos["../up"] = MirrorState.Entry(sha256: String(repeating: "0", count: 64), file: "up.jpg", size: 1)
        state.photos["ok"] = MirrorState.Entry(sha256: String(repeating: "0", count: 64), file: "ok.jpg", size: 1)
        try state.save(to: URL(fileURLWithPath: folder.path))
        let loaded = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
        #expect(Set(loaded.photos.keys) == ["ok"])
    }
}
