import Blobs
import Catalog
import VitrineCore

/// How long the trash keeps a photo: what a person expects from Google Photos and Immich.
public enum TrashPolicy {
    public static let defaultDays = 30
    /// `--trash-days` takes 1 day to 10 years.
    public static let allowedDays = 1...3650

    /// The instant before which trashed photos are purged, `days` before `now` (milliseconds).
    public static func cutoff(days: Int, now: Int64) -> Int64 {
        let span = Int64(clamping: days).multipliedReportingOverflow(by: 86_400_000)
        return span.overflow ? Int64.min : now.subtractingReportingOverflow(span.partialValue).partialValue
    }
}

extension Library {
    /// Moves a photo to the trash; false when there was no such photo. Only the sizes made on demand are
    /// collected now: the trash keeps the photo's own files until the purge.
    @discardableResult
    public func trashPhoto(id: String) async throws -> Bool {
        guard let sizes = try await catalog.trash(id: id) else { return false }
        _ = await collectAfterCommit(sizes)
        return true
    }

    /// Brings a photo back from the trash; nil when it is not there. The photo it comes back as gets the work
    /// that never landed while it was in the trash, whose jobs found no photo and ended: its render while it is
    /// still processing, and its clip's web version while it has none (the job itself decides whether the clip
    /// needs one). Those jobs are keyed apart from the photo's own: one of those still running (it read the
    /// photo before the trash took it, and records nothing) would otherwise stand for them, and end.
    public func restoreFromTrash(id: String) async throws -> RestoreOutcome? {
        guard let outcome = try await catalog.restore(id: id) else { return nil }
        let photoId: String
        switch outcome {
        case .restored: photoId = id
        case .merged(let live): photoId = live
        }
        guard let item = try await catalog.photo(id: photoId) else { return outcome }
        var jobs: [JobRequest] = []
        if item.photo.status == .processing {
            jobs.append(JobRequest(.renderVariants, payload: photoId, priority: JobPriority.normal))
        }
        let (clip, rendition): (VariantKind, VariantKind) =
            item.photo.kind == .video ? (.original, .webVideo) : (.motion, .motionWeb)
        if item.variants[clip] != nil, item.variants[rendition] == nil {
            jobs.append(JobRequest(.transcodeVideo, payload: photoId, priority: JobPriority.background))
        }
        for k in jobs.indices { jobs[k].dedupKey = jobs[k].dedupKey.map { $0 + ":restored" } }
        if !jobs.isEmpty { _ = try await catalog.enqueue(jobs, now: EpochMilliseconds.now) }
        return outcome
    }

    /// Purges the photos trashed more than `days` ago (all of them when nil), then collects their files
    /// that no live photo shares. Returns how many files were deleted.
    @discardableResult
    public func purgeTrash(olderThanDays days: Int?, now: Int64 = EpochMilliseconds.now) async throws -> Int {
        let keys = try await catalog.purgeTrash(trashedBefore: days.map { TrashPolicy.cutoff(days: $0, now: now) })
        guard !keys.isEmpty else { return 0 }
        return try await collect(keys).count
    }
}
