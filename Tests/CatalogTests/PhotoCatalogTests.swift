import Foundation
import GRDB
import TestSupport
import Testing

@testable import Catalog

@Suite struct PhotoCatalogTests {
    let folder = TemporaryDirectory("catalog")

    func openCatalog() throws -> PhotoCatalog { try PhotoCatalog(path: folder.file("catalog.sqlite")) }

    static func record(takenAt: Int64, id: String = PhotoID.make(), hash: String? = nil) -> PhotoRecord {
        PhotoRecord(
            id: id, contentHash: hash ?? UUID().uuidString, originalName: "\(id).jpg", format: "jpeg",
            mimeType: "image/jpeg", byteSize: 10, width: 4, height: 3, takenAt: takenAt, takenAtSource: "exif",
            thumbHash: Data([1, 2, 3]), averageColor: "#102030", importedAt: 0, updatedAt: 0)
    }

    static func variants(for id: String) -> [VariantRecord] {
        VariantKind.allCases.map {
            VariantRecord(
                photoId: id, kind: $0, blobKey: String(repeating: "a", count: 63) + String(id.count % 10),
                mimeType: "image/jpeg", width: 4, height: 3, byteSize: 10)
        }
    }

    func insert(_ catalog: PhotoCatalog, takenAt: Int64) throws -> PhotoRecord {
        let photo = Self.record(takenAt: takenAt)
        try catalog.insert(photo, variants: Self.variants(for: photo.id))
        return photo
    }

    @Test func isARealSQLiteFileInWALMode() throws {
        let catalog = try openCatalog()
        _ = try insert(catalog, takenAt: 1)
        let mode = try DatabaseQueue(path: folder.file("catalog.sqlite")).read { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
        #expect(try openCatalog().count() == 1)
    }

    @Test func pagesNewestFirstThenByIdDescending() throws {
        let catalog = try openCatalog()
        let photos = try (0..<30).map { try insert(catalog, takenAt: Int64($0 % 7)) }
        var seen: [PhotoRecord] = []
        var cursor: PageCursor?
        repeat {
            let page = try catalog.page(after: cursor, limit: 4)
            #expect(page.total == 30)
            #expect(page.items.count <= 4)
            #expect(page.items.allSatisfy { $0.variants.count == VariantKind.allCases.count })
            seen += page.items.map(\.photo)
            cursor = page.nextCursor
        } while cursor != nil
        let expected = photos.sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }
        #expect(seen.map(\.id) == expected.map(\.id))
    }

    @Test func pagingWhilePhotosArriveNeitherSkipsNorRepeats() throws {
        let catalog = try openCatalog()
        let original = try (0..<50).map { try insert(catalog, takenAt: Int64($0 * 10)) }
        var seen: [String] = []
        var cursor: PageCursor?
        var arrivedOlder: [PhotoRecord] = []
        var pageNumber = 0
        repeat {
            let page = try catalog.page(after: cursor, limit: 7)
            seen += page.items.map(\.photo.id)
            cursor = page.nextCursor
            pageNumber += 1
            if let cursor, pageNumber <= 3 {
                // Newer photos land above the reader, older ones below; equal timestamps too.
                _ = try insert(catalog, takenAt: 10_000 + Int64(pageNumber))
                arrivedOlder.append(try insert(catalog, takenAt: cursor.takenAt - 5))
                arrivedOlder.append(try insert(catalog, takenAt: cursor.takenAt))
            }
        } while cursor != nil
        #expect(Set(seen).count == seen.count, "an item was repeated")
        #expect(Set(original.map(\.id)).isSubset(of: Set(seen)), "an item was skipped")
        // Older arrivals lie ahead of the cursor, except same-timestamp ones whose id sorts above it.
        let olderStrictlyBelow = arrivedOlder.filter { $0.takenAt % 10 != 0 }
        #expect(Set(olderStrictlyBelow.map(\.id)).isSubset(of: Set(seen)))
    }

    @Test func pagingWalksTheIndexInsteadOfScanning() throws {
        let plan = try openCatalog().pagePlan()
        #expect(plan.contains("photo_on_takenAt_id"), "plan: \(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "plan sorts instead of reading the index: \(plan)")
    }

    @Test func aSecondPhotoWithTheSameBytesIsADuplicate() throws {
        let catalog = try openCatalog()
        let first = Self.record(takenAt: 1, hash: "same")
        try catalog.insert(first, variants: Self.variants(for: first.id))
        let second = Self.record(takenAt: 2, hash: "same")
        #expect(throws: PhotoCatalog.InsertError.duplicate(existingID: first.id)) {
            try catalog.insert(second, variants: Self.variants(for: second.id))
        }
        #expect(try catalog.count() == 1)
    }

    @Test func aFailedInsertLeavesNoRows() throws {
        let catalog = try openCatalog()
        let photo = Self.record(takenAt: 1)
        var variants = Self.variants(for: photo.id)
        variants.append(variants[0])  // same primary key twice: the transaction must roll back
        #expect(throws: (any Error).self) { try catalog.insert(photo, variants: variants) }
        #expect(try catalog.count() == 0)
        #expect(try catalog.photo(id: photo.id) == nil)
    }

    @Test func cursorsRoundTripAndRejectForgeries() {
        let cursor = PageCursor(takenAt: -12_345, id: PhotoID.make())
        #expect(PageCursor(encoded: cursor.encoded) == cursor)
        for forged in [
            "", "!!!", "bm90LWEtY3Vyc29y", Base64URL.encode(Array("12.short".utf8)), String(repeating: "A", count: 200),
        ] {
            #expect(PageCursor(encoded: forged) == nil, "\(forged)")
        }
    }

    @Test func idsAreShortURLSafeAndDistinct() {
        let ids = (0..<10_000).map { _ in PhotoID.make() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(PhotoID.isValid))
        #expect(!PhotoID.isValid("abc/def?ghi="))
    }
}
