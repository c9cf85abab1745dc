import Blobs
import Catalog
import Foundation
import Imaging
import TestSupport
import Testing

@testable import Ingest

/// Libraries imported before the small thumb existed get one from each photo's stored thumb.
@Suite struct SmallThumbBackfillTests {
    let fixture: IngestFixture
    /// The same photos as an older import left them: every variant but the small thumb.
    let old: IngestFixture

    init() throws {
        fixture = try IngestFixture()
        old = try IngestFixture()
    }

    /// Imports into `fixture`, then copies each photo into `old` without its small thumb.
    func makeOldLibrary(_ sizes: [(Int, Int)]) throws -> [PhotoWithVariants] {
        var copied: [PhotoWithVariants] = []
        for (index, size) in sizes.enumerated() {
            let path = try Fixtures.write(
                fixture.inputs.file("p\(index).jpg"), width: size.0, height: size.1, seed: UInt32(index + 1))
            let item = try fixture.photo(fixture.importOne(path))
            var variants = item.variants
            variants[.smallThumbWebP] = nil
            for variant in variants.values { _ = try old.library.blobs.write(fixture.bytes(variant)) }
            try old.library.catalog.insert(item.photo, variants: Array(variants.values))
            copied.append(PhotoWithVariants(photo: item.photo, variants: variants))
        }
        return copied
    }

    @Test func makesTheSmallThumbFromTheThumbAndAnnouncesIt() throws {
        let photos = try makeOldLibrary([(1200, 800), (600, 900), (300, 200)])
        let before = try old.library.catalog.latestChangeSeq()
        let backfill = SmallThumbBackfill(catalog: old.library.catalog, blobs: old.library.blobs)
        let summary = try backfill.run()
        #expect(summary.made == 3)
        #expect(summary.failures.isEmpty)
        for photo in photos {
            let item = try #require(try old.library.catalog.photo(id: photo.photo.id))
            let small = try #require(item.variants[.smallThumbWebP])
            let thumb = try #require(item.variants[.thumbWebP])
            // The short edge fitted to 204 px, never enlarged; the same size an import makes now.
            let made = try #require(try fixture.library.catalog.photo(id: photo.photo.id)?.variants[.smallThumbWebP])
            #expect((small.width, small.height) == (made.width, made.height))
            #expect(min(small.width, small.height) == min(204, min(thumb.width, thumb.height)))
            let decoded = try old.decoded(small)
            #expect((decoded.width, decoded.height) == (small.width, small.height))
            #expect(Array(old.bytes(small)[8..<12]) == Array("WEBP".utf8))
        }
        // Each photo is announced as updated, so open clients and the index page pick up the new file.
        let changes = try #require(try old.library.catalog.changes(after: before))
        #expect(Set(changes.map(\.photoId)) == Set(photos.map(\.photo.id)))
        #expect(changes.allSatisfy { $0.kind == .update })
        // Nothing left to do on a second pass.
        #expect(try backfill.run().made == 0)
        #expect(try old.library.catalog.photos(missing: .smallThumbWebP, after: nil, limit: 10).isEmpty)
    }

    @Test func aPhotoWhoseThumbIsUnreadableIsReportedAndTheRestAreDone() throws {
        let photos = try makeOldLibrary([(800, 600), (800, 600), (800, 600)])
        let broken = photos[1]
        let thumb = try #require(broken.variants[.thumbWebP])
        let key = try #require(BlobKey(hex: thumb.blobKey))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: old.library.blobs.path(for: key)))
        var backfill = SmallThumbBackfill(catalog: old.library.catalog, blobs: old.library.blobs)
        backfill.batchSize = 2  // the pass goes on across batches
        let summary = try backfill.run()
        #expect(summary.made == 2)
        #expect(summary.failures.map(\.photoId) == [broken.photo.id])
        #expect(try old.library.catalog.photo(id: broken.photo.id)?.variants[.smallThumbWebP] == nil)
        // No blob leases are left behind: collection may take what the failure wrote.
        #expect(
            try old.library.catalog.photos(missing: .smallThumbWebP, after: nil, limit: 10).map(\.photo.id) == [
                broken.photo.id
            ])
    }

    @Test func aPhotoDeletedMeanwhileGetsNoRow() throws {
        let photos = try makeOldLibrary([(800, 600)])
        let catalog = old.library.catalog
        let thumb = try #require(photos[0].variants[.thumbWebP])
        let key = try #require(BlobKey(hex: thumb.blobKey))
        let small = try PhotoRenderer.smallThumb(fromThumbAt: old.library.blobs.path(for: key))
        // Deleted between the render and the row, as another request or process could.
        #expect(try old.library.deletePhoto(id: photos[0].photo.id))
        let record = VariantRecord(
            photoId: photos[0].photo.id, kind: .smallThumbWebP, blobKey: BlobKey.of(small.bytes).hex,
            mimeType: small.mimeType, width: small.width, height: small.height, byteSize: Int64(small.bytes.count))
        #expect(try catalog.addVariant(record, leaseOwner: "test") == false)
        #expect(try catalog.photo(id: photos[0].photo.id) == nil)
        #expect(try catalog.variant(blobKey: record.blobKey) == nil)
    }
}
