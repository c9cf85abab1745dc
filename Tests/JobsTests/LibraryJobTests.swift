import Blobs
import Catalog
import Foundation
import Imaging
import Ingest
import Jobs
import Scheduling
import ServerTestSupport
import TestSupport
import Testing
import VitrineCore

/// The handlers on a real library: a render records what a photo lacks once, and a second run of the same
/// job (a lease that lapsed while its worker was only slow) writes nothing.
@Suite struct LibraryJobTests {
    func unrenderedPhoto(in fixture: WorkerFixture) async throws -> String {
        try await insertUnrenderedPhoto(fixture.library, scratch: fixture.data, seed: 3)
    }

    @Test func aRenderJobRecordsTheMissingVariantsAndAgainWritesNothing() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let id = try await unrenderedPhoto(in: fixture)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: id, priority: JobPriority.interactive)], now: 0)
        let worker = fixture.worker(fixture.libraryHandlers)
        await worker.runUntilIdle()
        #expect(await worker.finished == 1)
        let rendered = try #require(try await catalog.photo(id: id))
        #expect(Set(rendered.variants.keys) == [.original, .preview, .thumbWebP, .thumbJPEG, .smallThumb])
        let preview = try #require(rendered.variants[.preview])
        #expect(preview.width == 900 && preview.height == 600)
        #expect(try await catalog.jobSummary().counts.isEmpty)

        let keys = try await fixture.library.blobs.allKeys()
        let seq = try await catalog.latestChangeSeq()
        let renders = BoundedExecutor(label: "again", width: 1, queueLimit: 1, refusal: "busy")
        #expect(try await fixture.library.renderMissingVariants(photoId: id, renders: renders) == 0)
        try await catalog.enqueue([JobRequest(.renderVariants, payload: id)], now: 1)
        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        #expect(try await fixture.library.blobs.allKeys() == keys, "no blob written twice")
        #expect(try await catalog.latestChangeSeq() == seq, "no change announced twice")
        #expect(try await catalog.photo(id: id) == rendered)
    }

    @Test func aRenderOfAPhotoDeletedMeanwhileIsDone() async throws {
        let fixture = try await WorkerFixture()
        try await fixture.library.catalog.enqueue([JobRequest(.renderVariants, payload: "gone")], now: 0)
        await fixture.worker(fixture.libraryHandlers).runUntilIdle()
        #expect(try await fixture.library.catalog.jobSummary().counts.isEmpty)
    }

    @Test func collectAndPurgeJobsDeleteOnceAndBadPayloadsPark() async throws {
        let fixture = try await WorkerFixture()
        let catalog = fixture.library.catalog
        let orphan = try await fixture.library.blobs.put(Array("orphan".utf8), contentType: "text/plain")
        let id = try await unrenderedPhoto(in: fixture)
        try await fixture.library.trashPhoto(id: id)
        try await catalog.enqueue(
            [
                JobRequest(.collectBlobs), JobRequest(.purgeTrash, payload: "1"),
                JobRequest(.purgeTrash, payload: "0", maxAttempts: 1),
                JobRequest(.sizedVariant, payload: "\(id)/big", maxAttempts: 1),
            ], now: 0)
        await fixture.worker(fixture.libraryHandlers, total: 1).runUntilIdle()
        #expect(try await fixture.library.blobs.attributes(of: orphan) == nil, "collected")
        #expect(try await catalog.trashPage(after: nil, limit: 10).total == 1, "trashed today: kept a day")
        let parked = try await catalog.jobSummary().failures
        #expect(Set(parked.map(\.kindName)) == ["purge-trash", "sized-variant"])
        #expect(parked.allSatisfy { $0.lastError?.contains("needs") == true })
    }
}
