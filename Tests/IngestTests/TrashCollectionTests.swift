import Blobs
import Catalog
import Foundation
import NIOCore
import Scheduling
import TestSupport
import Testing
import VitrineCore

@testable import Ingest

/// Trashing or deleting a photo commits in the catalog first; the files it collects then are a tidy-up, so a
/// store that fails to delete them (a bucket answering 503) neither undoes the change nor reports it as
/// failed: they stay as orphans until the next collection.
@Suite struct TrashCollectionTests {
    /// The library's store, whose deletes fail as a bucket's do while it answers 503.
    struct FailingDeletes: BlobStore {
        let base: any BlobStore
        struct Refused: Error {}

        var location: String { base.location }
        func put(_ bytes: [UInt8], contentType: String) async throws -> BlobKey {
            try await base.put(bytes, contentType: contentType)
        }
        func putFile(
            at path: String, expected: BlobKey?, contentType: String
        ) async throws -> (key: BlobKey, size: Int64) {
            try await base.putFile(at: path, expected: expected, contentType: contentType)
        }
        func attributes(of key: BlobKey) async throws -> BlobAttributes? { try await base.attributes(of: key) }
        func read(
            _ key: BlobKey, range: ClosedRange<Int64>?, into consume: (ByteBuffer) async throws -> Void
        ) async throws {
            try await base.read(key, range: range, into: consume)
        }
        func withLocalFile<T: Sendable>(_ key: BlobKey, _ body: (String) async throws -> T) async throws -> T {
            try await base.withLocalFile(key, body)
        }
        func keys(after: BlobKey?, limit: Int) async throws -> [BlobKey] {
            try await base.keys(after: after, limit: limit)
        }
        func delete(_ keys: [BlobKey]) async throws { throw Refused() }
        func removeTemporaries() async throws -> Int { try await base.removeTemporaries() }
    }

    @Test func aStoreThatFailsToDeleteTheSizesLeavesThePhotoTrashed() async throws {
        let fixture = try await IngestFixture()
        let path = try Fixtures.write(fixture.inputs.file("a.jpg"), width: 640, height: 480, seed: 3)
        let id = try await fixture.photo(await fixture.importOne(path)).photo.id
        let renders = BoundedExecutor(label: "test.renders", width: 1, queueLimit: 4, refusal: "full")
        let size = try #require(
            try await SizedVariantMaker.render(library: fixture.library, renders: renders, photoId: id, edge: 150))
        let base = fixture.library
        let failing = Library(
            directory: base.directory, catalog: base.catalog, blobs: FailingDeletes(base: base.blobs),
            executor: base.executor)

        #expect(try await failing.trashPhoto(id: id), "the trash committed: that is the answer")
        #expect(try await base.catalog.photo(id: id) == nil)
        #expect(try await base.blobs.contains(size.blobKey), "the size the store kept waits for a collection")
        let collected = try await base.collectOrphans()
        #expect(collected.keys.contains(size.blobKey))
        #expect(try await !base.blobs.contains(size.blobKey))
    }

    @Test func aStoreThatFailsToDeleteTheFilesLeavesThePhotoDeleted() async throws {
        let fixture = try await IngestFixture()
        let path = try Fixtures.write(fixture.inputs.file("b.jpg"), width: 480, height: 640, seed: 4)
        let item = try await fixture.photo(await fixture.importOne(path))
        let base = fixture.library
        let failing = Library(
            directory: base.directory, catalog: base.catalog, blobs: FailingDeletes(base: base.blobs),
            executor: base.executor)

        #expect(try await failing.deletePhoto(id: item.photo.id))
        #expect(try await base.catalog.photo(id: item.photo.id) == nil)
        let files = Set(item.variants.values.map(\.blobKey))
        #expect(Set(try await base.orphanBlobs()) == files, "every file waits for a collection")
        _ = try await base.collectOrphans()
        #expect(try await fixture.blobCount() == 0)
    }
}
