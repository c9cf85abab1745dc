import Catalog
import Foundation
import Scheduling
import TestSupport
import Testing

@testable import Ingest

/// A full render pool refuses a size before its original is fetched (from a bucket, a whole file), not
/// after (an AVIF checks the same way, and is asked again later). Here the original is gone from the store: while the pool is full the refusal is still
/// the pool's, and with room the missing original is what fails.
@Suite struct RenderPoolRefusalTests {
    /// A pool of one thread and no queue, held by a job until `release` is signalled.
    static func fullPool() async throws -> (BoundedExecutor, DispatchSemaphore, Task<Void, any Error>) {
        let renders = BoundedExecutor(label: "test.renders", width: 1, queueLimit: 0, refusal: "full")
        let release = DispatchSemaphore(value: 0)
        let holding = Task { try await renders.run { release.wait() } }
        while renders.running == 0 { try await Task.sleep(for: .milliseconds(5)) }
        return (renders, release, holding)
    }

    /// A photo whose original the store no longer holds.
    static func photoWithoutItsOriginal(_ fixture: IngestFixture) async throws -> String {
        let path = try Fixtures.write(fixture.inputs.file("a.jpg"), width: 320, height: 240, seed: 5)
        let item = try await fixture.photo(await fixture.importOne(path))
        try await fixture.library.blobs.delete([try #require(item.variants[.original]).blobKey])
        return item.photo.id
    }

    @Test func aSizeIsRefusedBeforeItsOriginalIsFetched() async throws {
        let fixture = try await IngestFixture()
        let id = try await Self.photoWithoutItsOriginal(fixture)
        let (renders, release, holding) = try await Self.fullPool()
        await #expect(throws: BusyError.self) {
            try await SizedVariantMaker.render(library: fixture.library, renders: renders, photoId: id, edge: 150)
        }
        release.signal()
        try await holding.value
        let error = await #expect(throws: (any Error).self) {
            try await SizedVariantMaker.render(library: fixture.library, renders: renders, photoId: id, edge: 150)
        }
        #expect(!(error is BusyError), "with room, the missing original is what fails")
    }
}
