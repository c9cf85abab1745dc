import Blobs
import Foundation
import GRDB
import Imaging
import TestSupport
import Testing
import VitrineCore

@testable import Catalog
@testable import CatalogSQLite
@testable import Ingest

/// Libraries imported before the small thumb existed get one from each photo's stored thumb.
@Suite struct SmallThumbBackfillTests {
    let fixture: IngestFixture
    /// The same photos as an older import left them: every variant but the small thumb.
    let old: IngestFixture

    init() async throws {
        fixture = try await IngestFixture()
        old = try await IngestFixture()
    }

    /// Imports into `fixture`, then copies each photo into `old` without its small thumb.
    func makeOldLibrary(_ sizes: [(Int, Int)]) async throws -> [PhotoWithVariants] {
        var copied: [PhotoWithVariants] = []
        for (index, size) in sizes.enumerated() {
            let path = try Fixtures.write(
                fixture.inputs.file("p\(index).jpg"), width: size.0, height: size.1, seed: UInt32(index + 1))
            let item = try await fixture.photo(fixture.importOne(path))
            var variants = item.variants
            variants[.smallThumb] = nil
            for variant in variants.values { _ = try await old.store(fixture.bytes(variant)) }
            try await old.library.catalog.insert(item.photo, variants: Array(variants.values))
            copied.append(PhotoWithVariants(photo: item.photo, variants: variants))
        }
        return copied
    }

    @Test func makesTheSmallThumbFromTheThumbAndAnnouncesIt() async throws {
        let photos = try await makeOldLibrary([(1200, 800), (600, 900), (300, 200), (1000, 1000)])
        let before = try await old.library.catalog.latestChangeSeq()
        let backfill = SmallThumbBackfill(library: old.library)
        let summary = try await backfill.run()
        #expect(summary.made == 4)
        #expect(summary.failures.isEmpty)
        for photo in photos {
            let item = try #require(try await old.library.catalog.photo(id: photo.photo.id))
            let small = try #require(item.variants[.smallThumb])
            let thumb = try #require(item.variants[.thumbWebP])
            // Covering a 272×204 tile whatever the shape, never enlarged; the size an import makes now.
            let made = try #require(try await fixture.library.catalog.photo(id: photo.photo.id)?.variants[.smallThumb])
            #expect((small.width, small.height) == (made.width, made.height))
            #expect(small.width >= min(272, thumb.width) && small.height >= min(204, thumb.height))
            #expect(small.width == min(272, thumb.width) || small.height == min(204, thumb.height))
            let decoded = try await old.decoded(small)
            #expect((decoded.width, decoded.height) == (small.width, small.height))
            #expect(Array(try await old.bytes(small).prefix(2)) == [0xFF, 0xD8] && small.mimeType == "image/jpeg")
        }
        // Each photo is announced as updated, so open clients and the index page pick up the new file.
        let changes = try #require(try await old.library.catalog.changes(after: before))
        #expect(Set(changes.map(\.photoId)) == Set(photos.map(\.photo.id)))
        #expect(changes.allSatisfy { $0.kind == .update })
        // Nothing left to do on a second pass.
        #expect(try await backfill.run().made == 0)
        #expect(try await old.library.catalog.photos(missing: .smallThumb, after: nil, limit: 10).isEmpty)
    }

    @Test func aPhotoWhoseThumbIsUnreadableIsReportedAndTheRestAreDone() async throws {
        let photos = try await makeOldLibrary([(800, 600), (800, 600), (800, 600)])
        let broken = photos[1]
        let thumb = try #require(broken.variants[.thumbWebP])
        let key = thumb.blobKey
        // Damaged in place (the disk store hands out the stored file itself).
        try await old.library.blobs.withLocalFile(key) { path in
            try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
        }
        var backfill = SmallThumbBackfill(library: old.library)
        backfill.batchSize = 2  // the pass goes on across batches
        let summary = try await backfill.run()
        #expect(summary.made == 2)
        #expect(summary.failures.map(\.photoId) == [broken.photo.id])
        #expect(try await old.library.catalog.photo(id: broken.photo.id)?.variants[.smallThumb] == nil)
        // No blob leases are left behind: collection may take what the failure wrote.
        #expect(
            try await old.library.catalog.photos(missing: .smallThumb, after: nil, limit: 10).map(\.photo.id) == [
                broken.photo.id
            ])
    }

    /// A library whose small thumbs are WebP, as versions before migration `v5-small-thumb-jpeg` made
    /// them: the migration retires them, the backfill makes the JPEGs, and only then deletes the WebPs.
    @Test func retiredWebPSmallThumbsAreDeletedOnceReplaced() async throws {
        let photos = try await makeOldLibrary([(1200, 800), (800, 1200)])
        let blobs = old.library.blobs
        let queue = try DatabaseQueue(path: old.inputs.file("v4.sqlite"))
        try SQLiteCatalog.migrator.migrate(queue, upTo: "v4-compat")
        var retired: [BlobKey] = []
        var retiredBytes: [[UInt8]] = []
        for photo in photos {
            let bytes = Array("RIFF WEBP small thumb of \(photo.photo.id)".utf8)
            retired.append(try await old.store(bytes))
            retiredBytes.append(bytes)
        }
        try await queue.write { [retired, retiredBytes] db in
            for (index, photo) in photos.enumerated() {
                try photo.photo.insert(db)
                for variant in photo.variants.values { try variant.insert(db) }
                let (key, bytes) = (retired[index], retiredBytes[index])
                try db.execute(
                    sql: """
                        INSERT INTO variant (photoId, kind, blobKey, mimeType, width, height, byteSize)
                        VALUES (?, 'thumb-small-webp', ?, 'image/webp', 306, 204, ?)
                        """, arguments: [photo.photo.id, key.hex, bytes.count])
            }
        }
        let catalog = try SQLiteCatalog(writer: queue)
        #expect(try await catalog.retiredBlobCount() == 2)
        #expect(try await catalog.photos(missing: .smallThumb, after: nil, limit: 10).count == 2)
        // Still on disk, for clients holding their URLs, until the JPEGs exist.
        for key in retired { #expect(try await blobs.contains(key)) }
        let migrated = Library(directory: old.data.path, catalog: catalog, blobs: blobs)
        let summary = try await SmallThumbBackfill(library: migrated).run()
        #expect(summary.made == 2 && summary.retired == 2)
        for key in retired { #expect(try await !blobs.contains(key)) }
        #expect(try await catalog.retiredBlobCount() == 0)
        for photo in photos {
            #expect(try await catalog.photo(id: photo.photo.id)?.variants[.smallThumb]?.mimeType == "image/jpeg")
        }
        // Every other blob is still there.
        for variant in photos.flatMap(\.variants.values) {
            #expect(try await blobs.contains(variant.blobKey))
        }
    }

    @Test func aPhotoDeletedMeanwhileGetsNoRow() async throws {
        let photos = try await makeOldLibrary([(800, 600)])
        let catalog = old.library.catalog
        let thumb = try #require(photos[0].variants[.thumbWebP])
        let key = thumb.blobKey
        let small = try await old.library.blobs.withLocalFile(key) { try PhotoRenderer.smallThumb(fromThumbAt: $0) }
        // Deleted between the render and the row, as another request or process could.
        #expect(try await old.library.deletePhoto(id: photos[0].photo.id))
        let record = VariantRecord(
            photoId: photos[0].photo.id, kind: .smallThumb, blobKey: BlobKey.of(small.bytes),
            mimeType: small.mimeType, width: small.width, height: small.height, byteSize: Int64(small.bytes.count))
        #expect(try await catalog.addVariant(record, leaseOwner: "test") == false)
        #expect(try await catalog.photo(id: photos[0].photo.id) == nil)
        #expect(try await catalog.variant(blobKey: record.blobKey) == nil)
    }
}
