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

    /// A photo restored on the server whose transfer fails (its original gone, or a 5xx) keeps its files in
    /// `.deleted/`: until a transfer succeeds they are the only copy.
    @Test func aRestoredPhotoThatFailsToTransferKeepsItsDeletedCopy() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve { url in
            _ = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            let id = library.sources.keys.sorted()[0]
            let owner = VitrineClient(baseURL: url, token: token)
            try await owner.delete(id: id)
            #expect(try await MirrorCheck.mirror(url, into: folder.path, token: token).movedToDeleted == 1)
            let kept = folder.file(".deleted/\(id).jpg")
            #expect(MirrorCheck.exists(kept))
            _ = try await owner.restore(ids: [id])
            let original = try #require(try await library.library.catalog.photo(id: id)?.variants[.original])
            try await library.library.blobs.delete([original.blobKey])
            let counts = try await MirrorCheck.mirror(url, into: folder.path, token: token)
            #expect(counts.failed == 1)
            #expect(
                FileManager.default.contents(atPath: kept)
                    == FileManager.default.contents(atPath: library.sources[id]!),
                "the only copy stays")
        }
    }
}
