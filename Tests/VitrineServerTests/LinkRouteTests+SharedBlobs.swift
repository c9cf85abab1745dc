import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Two photos whose files are the same bytes share their blobs: a link to one of them serves those files,
/// whichever photo the blob was stored for first, and a link to neither still does not.
extension LinkRouteTests {
    @Test func aLinkServesItsPhotosFilesThatAnotherPhotoSharesAndNoOthers() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let auth = try fixture.bearer()
        let catalog = fixture.library.catalog
        let first = try #require(try await catalog.photo(id: fixture.ids[0]))
        // A second photo stored with the first one's files, as a copy that differs only in its metadata is.
        var copy = first.photo
        copy.id = PhotoID.make()
        copy.contentHash = String(repeating: "c", count: 64)
        copy.title = "the same pixels"
        let variants = first.variants.values.map { variant in
            var shared = variant
            shared.photoId = copy.id
            return shared
        }
        try await catalog.insert(copy, variants: variants)
        let copyID = copy.id
        try await fixture.makeApp(access: Self.privateServer).test(.router) { client in
            let link = try await create(client, auth, #"{"photos":{"ids":["\#(copyID)"]}}"#)
            let other = try await create(client, auth, #"{"photos":{"ids":["\#(fixture.ids[1])"]}}"#)
            for kind in [VariantKind.thumbJPEG, .preview, .original] {
                let key = try #require(first.variants[kind]).blobKey.hex
                try await client.execute(uri: "/api/v1/links/\(link.slug)/assets/\(key)", method: .get) {
                    (r: TestResponse) async throws in #expect(r.status == .ok, "\(kind) through the copy's link")
                }
                try await client.execute(uri: "/api/v1/links/\(other.slug)/assets/\(key)", method: .get) {
                    (r: TestResponse) async throws in #expect(r.status == .notFound, "\(kind) through another link")
                }
            }
        }
    }
}
