import Catalog
import Foundation
import TestSupport
import Testing
import VitrineApp

@testable import Metering

/// The catalog decorator on a real SQLite catalog, as the composition root wraps it.
@Suite struct MeteredCatalogTests {
    @Test func aCatalogCallIsTimedByOperationAndAThrowCounted() async throws {
        let data = TemporaryDirectory("metered-catalog")
        let metrics = VitrineMetrics()
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path)).metered(
            by: metrics, store: "disk")
        let catalog = library.catalog
        #expect(try await catalog.photo(id: PhotoID.make()) == nil)
        #expect(try await catalog.count() == 0)
        let photo = PhotoRecord(
            id: PhotoID.make(), contentHash: String(repeating: "a", count: 64), originalName: "a.jpg", format: "JPEG",
            mimeType: "image/jpeg", byteSize: 3, width: 4, height: 3, takenAt: 0, takenAtSource: "file",
            thumbHash: Data([1]), averageColor: "#000000", importedAt: 0, updatedAt: 0)
        try await catalog.insert(photo, variants: [])
        await #expect(throws: (any Error).self, "the same id twice") { try await catalog.insert(photo, variants: []) }

        let text = try metrics.exposition()
        let count = Names.catalogDuration + "_count"
        #expect(text.value(count, ["operation": "photo"]) == 1)
        #expect(text.value(count, ["operation": "count"]) == 1)
        #expect(text.value(count, ["operation": "insert"]) == 2, "a call that throws is timed too")
        #expect(text.value(Names.catalogErrors, ["operation": "insert"]) == 1)
        #expect(text.value(Names.catalogErrors, ["operation": "photo"]) == 0)
    }
}
