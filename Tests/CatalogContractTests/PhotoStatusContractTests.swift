import Catalog
import Foundation
import TestSupport
import Testing

/// A photo's status: an upload recorded before its render is `processing`, and its render settles it
/// `ready` (with the render's placeholder) or `failed`, each once, each announced on the feed.
@Suite struct PhotoStatusContractTests {
    let folder = TemporaryDirectory("contract-status")

    func processing(_ catalog: any PhotoCatalog, importedAt: Int64) async throws -> PhotoRecord {
        var photo = Samples.record(takenAt: 5)
        photo.status = .processing
        photo.thumbHash = Data()
        photo.importedAt = importedAt
        try await catalog.insert(photo, variants: [Samples.variants(for: photo.id)[0]], tags: [])
        return photo
    }

    @Test(arguments: CatalogUnderTest.all)
    func aStatusIsStoredAndOnlyTheUnreadyAreListed(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let ready = try await Samples.insert(catalog)
        let later = try await processing(catalog, importedAt: 20)
        let first = try await processing(catalog, importedAt: 10)
        #expect(try await catalog.photo(id: ready.id)?.photo.status == .ready)
        #expect(try await catalog.photo(id: first.id)?.photo.status == .processing)
        #expect(try await catalog.photos(ids: [later.id])[later.id]?.photo.status == .processing)
        let page = try await catalog.page(after: nil, offset: 0, limit: 10, filter: PhotoFilter())
        #expect(
            Set(page.items.map { "\($0.photo.id):\($0.photo.status)" }) == [
                "\(ready.id):ready", "\(first.id):processing", "\(later.id):processing",
            ])
        #expect(try await catalog.photoIds(status: .processing, limit: 10) == [first.id, later.id], "oldest first")
        #expect(try await catalog.photoIds(status: .processing, limit: 1) == [first.id])
        #expect(try await catalog.photoIds(status: .failed, limit: 10).isEmpty)
        #expect(try await catalog.photoIds(status: .ready, limit: 10).isEmpty, "the ready are not indexed")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aRenderSettlesAPhotoOnceAndALateFailureChangesNothing(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await processing(catalog, importedAt: 1)
        let seq = try await catalog.latestChangeSeq()
        let look = PhotoAppearance(thumbHash: Data([9, 8, 7]), averageColor: "#abcdef", colorfulness: 0.5)
        #expect(try await catalog.settleRender(photoId: photo.id, appearance: look))
        let settled = try #require(try await catalog.photo(id: photo.id)?.photo)
        #expect(settled.status == .ready && settled.thumbHash == Data([9, 8, 7]) && settled.averageColor == "#abcdef")
        #expect(settled.colorfulness == 0.5)
        let changes = try #require(try await catalog.changes(after: seq, limit: 10))
        #expect(changes.map(\.kind) == [.update] && changes.map(\.photoId) == [photo.id])

        #expect(try await !catalog.settleRender(photoId: photo.id, appearance: look), "a second render: nothing")
        #expect(try await !catalog.settleRender(photoId: photo.id, appearance: nil), "a late failure: nothing")
        #expect(try await catalog.photo(id: photo.id)?.photo.status == .ready)
        #expect(try await catalog.changes(after: seq, limit: 10)?.count == 1, "announced once")
        #expect(try await !catalog.settleRender(photoId: "gone", appearance: look))
    }

    @Test(arguments: CatalogUnderTest.all)
    func aFailureIsRecordedAndARenderStillMakesTheFailedReady(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await processing(catalog, importedAt: 1)
        #expect(try await catalog.settleRender(photoId: photo.id, appearance: nil))
        #expect(try await catalog.photo(id: photo.id)?.photo.status == .failed)
        #expect(try await catalog.photoIds(status: .failed, limit: 5) == [photo.id])
        #expect(try await !catalog.settleRender(photoId: photo.id, appearance: nil))
        // An admin retried the parked job, and it rendered.
        let look = PhotoAppearance(thumbHash: Data([1]), averageColor: "#000000", colorfulness: 0)
        #expect(try await catalog.settleRender(photoId: photo.id, appearance: look))
        #expect(try await catalog.photo(id: photo.id)?.photo.status == .ready)
        #expect(try await catalog.photoIds(status: .failed, limit: 5).isEmpty)
    }
}
