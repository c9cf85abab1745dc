import Catalog
import VitrineCore

extension Library {
    /// The most photos one sweep queues; the rest wait for the next.
    public static let renderSweepLimit = 100_000

    /// Queues a render for every photo still `processing`: one whose job was never queued (a process killed
    /// between an upload's row and its job) gets one, and one whose job is waiting or running gains nothing
    /// (the job's dedup key). One whose job is parked is marked `failed`, as its last failed attempt would
    /// have marked it: jobs whose workers died with them (a file that crashes its decoder) are parked by the
    /// queue's lease sweep, where no handler runs. Workers sweep as they start. Returns how many jobs were
    /// added.
    @discardableResult
    public func queueUnrenderedPhotos(priority: Int = JobPriority.normal) async throws -> Int {
        let ids = try await catalog.photoIds(status: .processing, limit: Self.renderSweepLimit)
        var added = 0
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 1000, ids.count)]
            let requests = chunk.map { JobRequest(.renderVariants, payload: $0, priority: priority) }
            added += try await catalog.enqueue(requests, now: EpochMilliseconds.now)
            for job in try await catalog.jobs(dedupKeys: requests.compactMap(\.dedupKey)) where job.state == .failed {
                _ = try await catalog.settleRender(photoId: job.payload, appearance: nil)
            }
            start += chunk.count
        }
        return added
    }
}
