import Foundation
import TestSupport
import Testing
import VitrineKit

@testable import VitrineMirror

/// `--follow`: after the sync, the change feed keeps the folder in sync until cancelled.
@Suite struct MirrorFollowTests {
    @Test func followPicksUpAnUploadAndADelete() async throws {
        let library = try await MirrorLibrary(photos: 2)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        let newPhoto = try Fixtures.write(library.inputs.file("later.jpg"), width: 700, height: 500, seed: 99)
        try await library.serve { url in
            let engine = MirrorCheck.engine(url, into: folder.path)
            let following = Task { try await engine.run(follow: true) }
            do {
                try await MirrorCheck.wait("the first sync") {
                    library.sources.keys.allSatisfy { MirrorCheck.exists(folder.file($0 + ".json")) }
                        && (try? MirrorState.load(from: URL(fileURLWithPath: folder.path)))?.photos.count == 2
                }
                let admin = VitrineClient(baseURL: url, token: token)
                let uploaded = try await admin.upload(.file(URL(fileURLWithPath: newPhoto))).photo
                try await MirrorCheck.wait("the uploaded photo") {
                    MirrorCheck.exists(folder.file(uploaded.id + ".json"))
                }
                #expect(
                    FileManager.default.contents(atPath: folder.file(uploaded.id + ".jpg"))
                        == FileManager.default.contents(atPath: newPhoto))

                let victim = try #require(library.sources.keys.sorted().first)
                try await admin.delete(id: victim)
                try await MirrorCheck.wait("the deleted photo moved") {
                    MirrorCheck.exists(folder.file(".deleted/\(victim).json"))
                }
                #expect(!MirrorCheck.exists(folder.file(victim + ".jpg")))
            } catch {
                following.cancel()
                _ = await following.result
                throw error
            }
            following.cancel()
            let counts = try await following.value
            #expect(counts.downloaded == 3 && counts.movedToDeleted == 1 && counts.failed == 0)
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(state.photos.count == 2)
        }
    }
}
