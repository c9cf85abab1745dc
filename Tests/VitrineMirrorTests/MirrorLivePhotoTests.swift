import Foundation
import Ingest
import TestSupport
import Testing
import VitrineAPI
import VitrineKit

@testable import VitrineMirror

/// A Live Photo mirrors as both its parts: the still as `<id>.jpg` and its clip as it came beside it, even
/// when the clip joined the still after the folder was first mirrored.
@Suite struct MirrorLivePhotoTests {
    @Test func aLivePhotosClipIsMirroredBesideItsStill() async throws {
        let library = try await MirrorLibrary(photos: 1)
        let identifier = "0D15EA5E-1B4E-4C7A-9D2F-5E6B7C8D9E0F"
        let still = try LivePhotoFixtures.still(library.inputs.file("IMG_7.JPG"), identifier: identifier)
        let clip = try LivePhotoFixtures.clip(library.inputs.file("IMG_7.MOV"), identifier: identifier)
        guard case .imported(_, let id) = await library.library.importer().importFile(at: still) else {
            Issue.record("the still was not imported")
            return
        }
        let folder = TemporaryDirectory("mirror-live")
        let directory = URL(fileURLWithPath: folder.path)
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(try MirrorState.load(from: directory)?.photos[id]?.motion == nil)

            // The clip arrives later and joins the still: the next run fetches it, and only it.
            guard case .imported(_, let joined) = await library.library.importer().importFile(at: clip) else {
                Issue.record("the clip was not imported")
                return
            }
            #expect(joined == id)
            let probe = MirrorTransportProbe()
            let counts = try await MirrorCheck.mirror(url, into: folder.path, transport: probe)
            #expect(counts.failed == 0 && probe.assetRequestCount == 1)
            let motion = try #require(try MirrorState.load(from: directory)?.photos[id]?.motion)
            #expect(motion.file == id + ".motion.mov")
            #expect(FileManager.default.contents(atPath: folder.file(motion.file)) == Data(Fixtures.bytes(of: clip)))
            #expect(FileManager.default.contents(atPath: folder.file(id + ".jpg")) == Data(Fixtures.bytes(of: still)))
            let detail = try JSONDecoder().decode(
                PhotoDetail.self, from: try #require(FileManager.default.contents(atPath: folder.file(id + ".json"))))
            #expect(detail.motionOriginal?.mimeType == "video/quicktime")

            // Both parts are there: a fresh run fetches nothing; a missing clip alone is fetched again.
            let again = MirrorTransportProbe()
            _ = try await MirrorCheck.mirror(url, into: folder.path, transport: again)
            #expect(again.assetRequestCount == 0)
            try FileManager.default.removeItem(atPath: folder.file(motion.file))
            let repair = MirrorTransportProbe()
            _ = try await MirrorCheck.mirror(url, into: folder.path, transport: repair)
            #expect(repair.assetRequestCount == 1)
            #expect(FileManager.default.contents(atPath: folder.file(motion.file)) == Data(Fixtures.bytes(of: clip)))

            // After a reboot, an unflushed clip that kept its size but not its bytes is fetched again too.
            try MirrorDurabilityTests.pretendAnotherBoot(folder)
            let size = try #require(MirrorFiles.size(of: URL(fileURLWithPath: folder.file(motion.file))))
            try Data(count: Int(size)).write(to: URL(fileURLWithPath: folder.file(motion.file)))
            _ = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(FileManager.default.contents(atPath: folder.file(motion.file)) == Data(Fixtures.bytes(of: clip)))
        }
    }
}
