import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// Clips through the compatible APIs: Pixabay's video search (`/api/videos/`) describes them as Pixabay
/// describes its videos, its image search leaves them out, and Parse's `fileURLString` is the clip.
@Suite struct PixabayVideoRouteTests {
    static let hitFields: Set<String> = [
        "id", "pageURL", "type", "tags", "duration", "videos", "views", "downloads", "likes", "comments", "user_id",
        "user", "userImageURL",
    ]

    /// The fixture's photos and one clip, tagged so a search can find it.
    func withClip() async throws -> (CompatFixture, PhotoWithVariants) {
        let fixture = try await CompatFixture()
        let path = try VideoFixtures.clip(fixture.server.inputs.file("harbour.mp4"), seconds: 2.4)
        guard case .imported(_, let id) = await fixture.library.importer().importFile(at: path) else {
            throw FixtureError(message: "the clip was not imported")
        }
        _ = try await fixture.library.catalog.update(id: id, .init(tags: ["harbour", "boats"]))
        return (fixture, try #require(try await fixture.library.catalog.photo(id: id)))
    }

    @Test func theVideoSearchAnswersClipsInPixabaysShape() async throws {
        let (fixture, clip) = try await withClip()
        let original = try #require(clip.variants[.original])
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            try await client.execute(uri: "/api/videos/?key=\(fixture.key)&q=harbour", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let json = try response.json()
                #expect(json["total"] as? Int == 1 && json["totalHits"] as? Int == 1)
                let hit = try #require((json["hits"] as? [[String: Any]])?.first)
                #expect(Set(hit.keys) == Self.hitFields)
                #expect(hit["type"] as? String == "film" && hit["duration"] as? Int == 2)
                #expect(hit["tags"] as? String == "boats, harbour")
                let videos = try #require(hit["videos"] as? [String: [String: Any]])
                #expect(Set(videos.keys) == ["large", "medium", "small", "tiny"])
                // Smaller than 1080p: no large version, as Pixabay answers one it lacks.
                #expect(videos["large"]?["url"] as? String == "" && videos["large"]?["size"] as? Int == 0)
                let medium = try #require(videos["medium"])
                #expect(
                    medium["url"] as? String
                        == CompatFixture.publicURL + "/assets/" + original.blobKey.hex + ".mp4")
                #expect(medium["width"] as? Int == 320 && medium["height"] as? Int == 240)
                #expect(medium["size"] as? Int == Int(original.byteSize))
                let thumbnail = try #require(medium["thumbnail"] as? String)
                #expect(thumbnail.hasPrefix(CompatFixture.publicURL) && thumbnail.contains(clip.photo.id))
            }
            // The image search leaves clips out, and the video search photos.
            try await client.execute(uri: "/api/?key=\(fixture.key)", method: .get) {
                (response: TestResponse) async throws in
                let json = try response.json()
                #expect(json["total"] as? Int == fixture.ids.count)
                let ids = (json["hits"] as? [[String: Any]] ?? []).compactMap { $0["pageURL"] as? String }
                #expect(!ids.contains { $0.hasSuffix(clip.photo.id) })
            }
            try await client.execute(uri: "/api/videos/?key=\(fixture.key)&q=beach", method: .get) {
                (response: TestResponse) async throws in
                #expect(try response.json()["total"] as? Int == 0)
            }
            // Keys and parameters are checked as for images.
            try await client.execute(uri: "/api/videos/?key=wrong", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/videos/?key=\(fixture.key)&per_page=500", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func parseNamesTheClipAsTheResourcesFile() async throws {
        let (fixture, clip) = try await withClip()
        let objectId = try #require(
            try await fixture.library.catalog.compatSearch(CompatSearch()).items.first { $0.photo.id == clip.photo.id }?
                .objectId)
        try await fixture.makeApp().test(.router) { (client: any TestClientProtocol) async throws in
            try await client.execute(
                uri: "/parse/classes/Resource/\(objectId)", method: .get, headers: ParseRouteTests.app
            ) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                let file = try #require(try response.json()["fileURLString"] as? String)
                #expect(file == CompatFixture.publicURL + "/assets/" + clip.variants[.original]!.blobKey.hex + ".mp4")
            }
        }
    }
}
