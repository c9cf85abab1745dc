import Catalog
import VitrineCore

extension Library {
    /// The most photos one sweep queues; the rest wait for the next.
    public static let renderSweepLimit = 100_000

    /// Queues a render for every photo still `processing`: one whose job was never queued (a process killed
    /// between an upload's row and its job) gets one, and one whose job is waiting, running or parked gains
    /// nothing (the job's dedup key). Workers sweep as they start. Returns how many jobs were added.
    @discardableResult
    public func queueUnrenderedPhotos(priority: Int = JobPriority.normal) async throws -> Int {
        let ids = try await catalog.photoIds(status: .processing, limit: Self.renderSweepLimit)
        var added = 0
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 1000, ids.count)]
            added += try await catalog.enqueue(
                chunk.map { JobRequest(.renderVariants, payload: $0, priority: priority) }, now: EpochMilliseconds.now)
            start += chunk.count
        }
        return added
    }
}
