import Blobs
import Catalog
import Foundation
import TestSupport
import Testing

@testable import Ingest

/// Deleting photos and collecting their blobs, including against a re-import of the same bytes.
@Suite struct DeletionTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    var library: Library { fixture.library }

    /// Every catalogued blob exists, and every stored blob is catalogued.
    func expectConsistent(_ comment: Comment? = nil) async throws {
        let referenced = try await library.catalog.referencedBlobKeys()
        let stored = Set(try await library.blobs.allKeys())
        #expect(referenced == stored, comment)
    }

    func imported(_ path: String) async throws -> String {
        guard case .imported(_, let id) = await fixture.importOne(path) else {
            throw IngestFixture.FixtureError.missing(path)
        }
        return id
    }

    @Test func deletingRemovesRowsAndUnsharedBlobs() async throws {
        let a = try await imported(try Fixtures.write(fixture.inputs.file("a.jpg"), width: 400, height: 300))
        let b = try await imported(try Fixtures.write(fixture.inputs.file("b.jpg"), width: 300, height: 400))
        #expect(try await library.deletePhoto(id: a))
        #expect(try await library.catalog.photo(id: a) == nil)
        #expect(try await library.catalog.photo(id: b) != nil)
        try await expectConsistent()
        #expect(try await !library.deletePhoto(id: a), "a second delete finds nothing")
        #expect(try await library.deletePhoto(id: b))
        #expect(try await fixture.blobCount() == 0)
    }

    @Test func collectionDuringAReimportLeavesTheNewPhotoWhole() async throws {
        let path = try Fixtures.write(fixture.inputs.file("same.jpg"), width: 640, height: 480)
        let first = try await imported(path)
        let keys = try #require(try await library.catalog.delete(id: first))
        // The worst moment: the re-import has written (or found) every blob and not yet inserted its row.
        let importer = fixture.importer(beforeCatalogInsert: { [library] _ in
            let blobs = library.blobs
            let deleted = try await library.catalog.collectGarbage(candidates: keys) {
                try await blobs.delete($0)
            }
            #expect(deleted.isEmpty, "leased blobs are not collected")
        })
        let outcome = await importer.importFile(at: path)
        let photo = try await fixture.photo(outcome)
        #expect(photo.variants.count == VariantKind.madeAtImport.count)
        for variant in photo.variants.values {
            #expect(try await library.blobs.contains(variant.blobKey))
        }
        try await expectConsistent()
    }

    @Test func collectionBeforeAReimportIsUndoneByItsWrites() async throws {
        let path = try Fixtures.write(fixture.inputs.file("again.jpg"), width: 640, height: 480)
        _ = try await library.deletePhoto(id: try await imported(path))
        #expect(try await fixture.blobCount() == 0)
        _ = try await fixture.photo(fixture.importOne(path))
        try await expectConsistent()
    }

    @Test func deletionsRacingReimportsNeverBreakAPhoto() async throws {
        let path = try Fixtures.write(fixture.inputs.file("race.jpg"), width: 800, height: 600)
        var id = try await imported(path)
        for round in 0..<12 {
            let victim = id
            async let deleted = Task.detached { [library] in try await library.deletePhoto(id: victim) }.value
            async let outcome = Task.detached { [fixture] in await fixture.importOne(path) }.value
            let (wasDeleted, result) = try await (deleted, outcome)
            #expect(wasDeleted)
            switch result {
            case .imported(_, let newID):
                id = newID
            case .duplicate(_, let existing):
                // Reported as a duplicate: that photo must have been there when the import finished,
                // so only this round's delete can have removed it since.
                #expect(existing == victim)
                id = try await imported(path)
            case .failed(_, let reason):
                Issue.record("round \(round): \(reason)")
                return
            }
            let photo = try #require(try await library.catalog.photo(id: id))
            for variant in photo.variants.values {
                #expect(
                    try await library.blobs.contains(variant.blobKey),
                    "round \(round): \(variant.kind) missing")
            }
            try await expectConsistent("round \(round)")
        }
    }

    @Test func orphansFromAnInterruptedImportAreCollectedButLeasedOnesKept() async throws {
        let kept = try await imported(try Fixtures.write(fixture.inputs.file("kept.jpg"), width: 300, height: 200))
        let orphan = try await fixture.store(Array("left by a killed import".utf8))
        let leased = try await fixture.store(Array("being written right now".utf8))
        try await library.catalog.lease([leased], owner: "import-in-progress")
        #expect(Set(try await library.orphanBlobs()) == [orphan, leased])
        let (deleted, bytes) = try await library.collectOrphans()
        #expect(deleted == [orphan] && bytes == 23)
        #expect(try await library.orphanBlobs() == [leased])
        #expect(try await library.catalog.photo(id: kept)?.variants.count == VariantKind.madeAtImport.count)
        try await library.catalog.releaseLeases(owner: "import-in-progress")
        #expect(try await library.collectOrphans().keys == [leased])
        try await expectConsistent()
    }
}
