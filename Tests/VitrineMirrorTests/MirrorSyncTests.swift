import Foundation
import TestSupport
import Testing
import VitrineAPI
import VitrineKit
import VitrineServer

@testable import VitrineMirror

/// `vitrine mirror`'s engine against a real server on loopback.
@Suite struct MirrorSyncTests {
    @Test func firstMirrorWritesEverythingAndAReRunDownloadsNothing() async throws {
        let library = try await MirrorLibrary(photos: 4)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            let first = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: first)
            #expect(counts.downloaded == 4 && counts.failed == 0 && counts.alreadyThere == 0)
            #expect(first.assetRequestCount == 4)
            #expect(first.detailPageRequests == 1 && first.detailRequests.isEmpty, "details come by the page")
            try MirrorCheck.expectComplete(folder.path, library: library)
            let client = VitrineClient(baseURL: url)
            for id in library.sources.keys {
                let json = try #require(FileManager.default.contents(atPath: folder.file(id + ".json")))
                #expect(try JSONDecoder().decode(PhotoDetail.self, from: json) == (try await client.photo(id: id)))
            }
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(state.seq != nil)

            let second = MirrorTransportProbe()
            let again = try await MirrorCheck.mirror(url, into: folder.path, transport: second)
            #expect(second.assetRequestCount == 0)
            #expect(again.downloaded == 0 && again.alreadyThere == 4 && again.failed == 0)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func theListingIsReadPageByPageWhileTheFirstPagesPhotosDownload() async throws {
        let library = try await MirrorLibrary(photos: 7, width: 320)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            // Two transfers at once: a first page of 4, then the rest.
            let probe = MirrorTransportProbe()
            let engine = MirrorCheck.engine(url, into: folder.path, transport: probe, parallel: 2)
            let counts = try await engine.run(follow: false)
            #expect(counts.downloaded == 7 && counts.failed == 0 && counts.toFetch == 7 && counts.unlisted == 0)
            #expect(probe.detailPageRequests == 2 && probe.assetRequestCount == 7)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aListingThatFailsPartWayKeepsWhatTheFirstPagesBroughtAndTheNextRunFinishes() async throws {
        let library = try await MirrorLibrary(photos: 7, width: 320)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            let dropped = MirrorTransportProbe(failingDetailPagesFrom: 2)
            await #expect(throws: VitrineError.self) {
                _ = try await MirrorCheck.engine(url, into: folder.path, transport: dropped, parallel: 2).run(
                    follow: false)
            }
            let directory = URL(fileURLWithPath: folder.path)
            let state = try #require(try MirrorState.load(from: directory))
            #expect(state.photos.count == 4, "the first page's photos are recorded")
            #expect(state.seq == nil, "the position does not move")
            #expect(dropped.assetRequestCount == 4)

            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.downloaded == 3 && counts.alreadyThere == 4 && counts.failed == 0)
            #expect(probe.assetRequestCount == 3)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aFileWithoutItsStateEntryIsVerifiedByHashNotDownloaded() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            // As after a kill between a file's rename and the next state save.
            try FileManager.default.removeItem(atPath: folder.file(MirrorState.fileName))
            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(probe.assetRequestCount == 0 && counts.alreadyThere == 2)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aReRunRewritesTheDetailOfAPhotoEditedSinceTheLastRunAndFetchesNoBytes() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            let edited = try #require(library.sources.keys.sorted().first)
            _ = try await VitrineClient(baseURL: url, token: token)
                .edit(id: edited, PhotoEdit(title: .some("Renamed on the server"), tags: ["harbour"]))
            let others = library.sources.keys.filter { $0 != edited }
            let before = try others.map { try MirrorCheck.inode(folder.file($0 + ".json")) }

            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.downloaded == 0 && counts.alreadyThere == 3 && counts.failed == 0)
            #expect(probe.assetRequestCount == 0 && probe.detailRequests.isEmpty)
            let json = try #require(FileManager.default.contents(atPath: folder.file(edited + ".json")))
            let detail = try JSONDecoder().decode(PhotoDetail.self, from: json)
            #expect(detail.title == "Renamed on the server" && detail.tags == ["harbour"])
            #expect(
                try others.map { try MirrorCheck.inode(folder.file($0 + ".json")) } == before,
                "only the edited photo's detail is written again")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func anEditMissedByARunWhoseListingFailedIsWrittenByTheNextRun() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            let directory = URL(fileURLWithPath: folder.path)
            let position = try MirrorState.load(from: directory)?.seq
            let edited = try #require(library.sources.keys.sorted().first)
            _ = try await VitrineClient(baseURL: url, token: token).edit(id: edited, PhotoEdit(title: .some("Later")))

            let dropped = MirrorTransportProbe(failingDetailPagesFrom: 1)
            await #expect(throws: VitrineError.self) {
                _ = try await MirrorCheck.mirror(url, into: folder.path, transport: dropped)
            }
            #expect(try MirrorState.load(from: directory)?.seq == position, "the position stays where it was")

            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.failed == 0 && probe.detailRequests.isEmpty && probe.assetRequestCount == 0)
            let json = try #require(FileManager.default.contents(atPath: folder.file(edited + ".json")))
            #expect(try JSONDecoder().decode(PhotoDetail.self, from: json).title == "Later")
            #expect(try MirrorState.load(from: directory)?.stale == nil)
            #expect(try MirrorState.load(from: directory)?.seq != position)
        }
    }

    @Test func aFolderAheadOfTheServersHistoryWritesEveryDetailAgain() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            // As after the server was restored from an older backup: nothing says what changed.
            let directory = URL(fileURLWithPath: folder.path)
            var state = try #require(try MirrorState.load(from: directory))
            state.seq = 1_000_000
            try state.save(to: directory)
            for id in library.sources.keys {
                var stale = try JSONDecoder().decode(
                    PhotoDetail.self,
                    from: try #require(FileManager.default.contents(atPath: folder.file(id + ".json"))))
                stale.title = "stale"
                try JSONEncoder().encode(stale).write(to: URL(fileURLWithPath: folder.file(id + ".json")))
            }

            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.downloaded == 0 && counts.alreadyThere == 3 && probe.assetRequestCount == 0)
            for id in library.sources.keys {
                let json = try #require(FileManager.default.contents(atPath: folder.file(id + ".json")))
                #expect(try JSONDecoder().decode(PhotoDetail.self, from: json).title != "stale", "\(id) rewritten")
            }
            #expect(try MirrorState.load(from: directory)?.seq != 1_000_000, "the folder takes the server's position")
        }
    }

    @Test func aSecondMirrorIntoTheSameFolderIsRefusedWhileTheFirstRuns() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            var held: MirrorLock? = try MirrorLock(directory: URL(fileURLWithPath: folder.path))
            let refused = await #expect(throws: MirrorError.self) {
                _ = try await MirrorCheck.mirror(url, into: folder.path)
            }
            guard case .busy(let message)? = refused else {
                Issue.record("expected busy, got \(String(describing: refused))")
                return
            }
            #expect(message.contains("another vitrine mirror"))
            #expect(!MirrorCheck.exists(folder.file(MirrorState.fileName)), "the refused run wrote nothing")
            withExtendedLifetime(held) {}
            held = nil

            let counts = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(counts.downloaded == 2 && counts.failed == 0)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aRemoteDeleteMovesThePhotoToDeleted() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            let victim = try #require(library.sources.keys.sorted().first)
            try await VitrineClient(baseURL: url, token: token).delete(id: victim)

            let counts = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(counts.movedToDeleted == 1 && counts.downloaded == 0 && counts.alreadyThere == 2)
            #expect(!MirrorCheck.exists(folder.file(victim + ".jpg")))
            #expect(!MirrorCheck.exists(folder.file(victim + ".json")))
            #expect(
                FileManager.default.contents(atPath: folder.file(".deleted/\(victim).jpg"))
                    == FileManager.default.contents(atPath: library.sources[victim]!))
            #expect(MirrorCheck.exists(folder.file(".deleted/\(victim).json")))
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(state.photos[victim] == nil && state.photos.count == 2)
        }
    }

    @Test func aPrivateGalleryNeedsTheToken() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve(access: AccessConfiguration(isPrivate: true)) { url in
            let refused = await #expect(throws: VitrineError.self) {
                _ = try await MirrorCheck.mirror(url, into: folder.path)
            }
            guard case .http(status: 401, _, _)? = refused else {
                Issue.record("expected a 401, got \(String(describing: refused))")
                return
            }
            #expect(MirrorCheck.explain401(url).contains("--token"))
            let counts = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            #expect(counts.downloaded == 2 && counts.failed == 0)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aCorruptedDownloadIsNeverKept() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        try await library.serve { url in
            let counts = try await MirrorCheck.mirror(
                url, into: folder.path, transport: MirrorTransportProbe(corrupts: true))
            #expect(counts.failed == 2 && counts.downloaded == 0)
            for id in library.sources.keys {
                #expect(!MirrorCheck.exists(folder.file(id + ".jpg")))
                let partials = (try? FileManager.default.contentsOfDirectory(atPath: folder.file(".partial"))) ?? []
                #expect(!partials.contains { $0.hasPrefix(id + ".") }, "bytes that failed their hash are not kept")
            }
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(state.photos.isEmpty)

            let retry = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(retry.downloaded == 2 && retry.failed == 0)
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }
}

extension MirrorCheck {
    static func explain401(_ url: URL) -> String {
        MirrorOptions.explain(VitrineError.http(status: 401, code: "unauthorized", message: nil), url: url)
    }
}
