import Foundation
import TestSupport
import Testing
import VitrineAPI
import VitrineKit
import VitrineServer

@testable import VitrineMirror

/// `.deleted/` keeps a trashed photo until the server purges it, when the mirror holds the token.
@Suite struct MirrorTrashTests {
    @Test func aTrashedPhotoStaysInDeletedUntilItIsPurged() async throws {
        let library = try await MirrorLibrary(photos: 3)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            let ids = library.sources.keys.sorted()
            let owner = VitrineClient(baseURL: url, token: token)
            try await owner.delete(id: ids[0])
            try await owner.delete(id: ids[1])
            var counts = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            #expect(counts.movedToDeleted == 2)
            for id in ids.prefix(2) { #expect(MirrorCheck.exists(folder.file(".deleted/\(id).jpg")), "in the trash") }

            // Without the token the trash cannot be read: the folder stays whole, as it always did.
            _ = try await owner.emptyTrash()
            counts = try await MirrorCheck.mirror(url, into: folder.path)
            #expect(MirrorCheck.exists(folder.file(".deleted/\(ids[0]).jpg")))

            // With it, what the server purged leaves; what is still in the trash stays.
            try await owner.delete(id: ids[2])
            counts = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            #expect(counts.movedToDeleted == 1 && counts.failed == 0)
            for id in ids.prefix(2) {
                #expect(!MirrorCheck.exists(folder.file(".deleted/\(id).jpg")), "purged")
                #expect(!MirrorCheck.exists(folder.file(".deleted/\(id).json")), "purged")
            }
            #expect(
                FileManager.default.contents(atPath: folder.file(".deleted/\(ids[2]).jpg"))
                    == FileManager.default.contents(atPath: library.sources[ids[2]]!))
            #expect(MirrorCheck.exists(folder.file(".deleted/\(ids[2]).json")))
        }
    }
}
