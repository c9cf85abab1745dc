import Foundation
import GRDB
import TestSupport
import Testing

@testable import Catalog

/// The v4 compat schema: identities for existing photos, stable object ids, colourfulness estimates.
@Suite struct CompatCatalogTests {
    let folder = TemporaryDirectory("compat-catalog")

    @Test func v4BackfillsPhotosImportedBefore() throws {
        let path = folder.file("catalog.sqlite")
        let queue = try DatabaseQueue(path: path)
        try PhotoCatalog.migrator.migrate(queue, upTo: "v3-change-events")
        try queue.write { db in
            for (index, color) in ["#808080", "#ff0000"].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO photo (id, contentHash, originalName, format, mimeType, byteSize, width, height,
                            takenAt, takenAtSource, thumbHash, averageColor, importedAt, updatedAt)
                        VALUES (?, ?, 'old.jpg', 'jpeg', 'image/jpeg', 1, 4, 3, 0, 'file', x'01', ?, ?, ?)
                        """,
                    arguments: ["oldPhoto000\(index)", "hash\(index)", color, index, index])
            }
        }
        let catalog = try PhotoCatalog(writer: queue)
        let page = try catalog.resources(ResourceQuery(), counting: true)
        #expect(page.total == 2)
        #expect(page.items.map(\.number) == [1, 2])
        #expect(page.items.allSatisfy { ObjectID.isValid($0.objectId) })
        #expect(page.items.map(\.photo.colorfulness) == [0, 1])
        #expect(page.items[0].objectId == ObjectID.derive(from: "oldPhoto0000", salt: 0), "derived, so stable")
        var grey = CompatSearch()
        grey.grayscaleOnly = true
        #expect(try catalog.compatSearch(grey).items.map(\.photo.id) == ["oldPhoto0000"])
    }

    @Test func numbersAreNeverReusedAndCountersStartAtZero() throws {
        let catalog = try PhotoCatalog(path: folder.file("catalog.sqlite"))
        let first = PhotoCatalogTests.record(takenAt: 1)
        try catalog.insert(first, variants: [])
        let firstNumber = try #require(try catalog.compatSearch(CompatSearch()).items.first?.number)
        _ = try catalog.delete(id: first.id)
        let second = PhotoCatalogTests.record(takenAt: 2)
        try catalog.insert(second, variants: [])
        let item = try #require(try catalog.compatSearch(CompatSearch()).items.first)
        #expect(item.number > firstNumber)
        #expect(item.views == 0 && item.downloads == 0)
        #expect(try catalog.increment(.views, photoId: second.id))
        #expect(try !catalog.increment(.views, photoId: first.id))
        #expect(try catalog.counters(photoId: second.id)?.views == 1)
        #expect(try catalog.compatPhoto(objectId: item.objectId)?.photo.id == second.id)
    }

    @Test func objectIDsAreTenAlphanumericsAndDistinct() {
        let ids = (0..<2000).map { _ in ObjectID.derive(from: PhotoID.make(), salt: 0) }
        #expect(ids.allSatisfy { ObjectID.isValid($0) })
        #expect(Set(ids).count == ids.count)
        #expect(ObjectID.derive(from: "x", salt: 0) != ObjectID.derive(from: "x", salt: 1))
        #expect(!ObjectID.isValid("abc") && !ObjectID.isValid("abcdefghi-"))
    }
}
