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
        if !sizes.isEmpty { _ = try await collect(sizes) }
        return true
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
