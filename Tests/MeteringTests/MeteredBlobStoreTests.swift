import Blobs
import FileBlobs
import Foundation
import TestSupport
import Testing
import VitrineCore

@testable import Metering

/// The blob-store decorator on a real `FileBlobStore`: every call counted by operation, the store's own
/// failures as errors and the caller's not.
@Suite struct MeteredBlobStoreTests {
    @Test func aBlobStoreCountsItsOwnFailuresAndNotTheCallers() async throws {
        let folder = TemporaryDirectory("metered-blobs")
        let metrics = VitrineMetrics()
        let store = MeteredBlobStore(try FileBlobStore(root: folder.path), store: "disk", metrics: metrics)
        let key = try await store.put(Array("abc".utf8), contentType: "text/plain")
        struct ClientWentAway: Error {}
        await #expect(throws: ClientWentAway.self) {
            try await store.read(key, range: nil) { _ in throw ClientWentAway() }
        }
        let missing = try #require(BlobKey(hex: String(repeating: "0", count: 64)))
        await #expect(throws: BlobStoreError.notFound(missing)) { try await store.read(missing, range: nil) { _ in } }

        let text = try metrics.exposition()
        let read = ["store": "disk", "operation": "read"]
        #expect(text.value(Names.blobOperations, ["store": "disk", "operation": "put"]) == 1)
        #expect(text.value(Names.blobOperations, read) == 2)
        #expect(text.value(Names.blobErrors, read) == 1, "only the missing blob is the store's failure")
        #expect(text.value(Names.blobErrors, ["store": "disk", "operation": "put"]) == 0)
    }
}
