import Blobs
import Foundation
import Ingest
import Testing

@testable import Metering

/// The import observer: imports by outcome and by a reason from a fixed set, never an error's message.
@Suite struct ImportMetricsTests {
    @Test func importsAreCountedByOutcomeAndAReasonFromAFixedSet() throws {
        let metrics = VitrineMetrics()
        let observer = metrics.importObserver
        observer.importEnded(.failure(BlobStoreError.io(operation: "rename", path: "/x", errno: 5)), duration: .zero)
        observer.importEnded(.failure(CancellationError()), duration: .milliseconds(2))
        observer.importEnded(.failure(CocoaError(.fileReadUnknown)), duration: .milliseconds(2))
        let text = try metrics.exposition()
        #expect(text.value(Names.imports, ["outcome": "failed", "reason": "blob_io"]) == 1)
        #expect(text.value(Names.imports, ["outcome": "failed", "reason": "cancelled"]) == 1)
        #expect(text.value(Names.imports, ["outcome": "failed", "reason": "other"]) == 1)
        #expect(text.value(Names.importDuration + "_count", ["outcome": "failed"]) == 3)
    }

    @Test func clipsAreCountedByWhetherTheyNeedARendition() throws {
        let metrics = VitrineMetrics()
        let observer = metrics.importObserver
        observer.clipRecorded(needsRendition: true)
        observer.clipRecorded(needsRendition: true)
        observer.clipRecorded(needsRendition: false)
        let text = try metrics.exposition()
        #expect(text.value(Names.clips, ["rendition": "needed"]) == 2)
        #expect(text.value(Names.clips, ["rendition": "none"]) == 1)
        #expect(text.families[Names.clips]?.help?.isEmpty == false)
    }
}
