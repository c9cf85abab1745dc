import VitrineCore

/// The trash: where a deleted photo waits, out of every page, count, search, tag and compatible API, until
/// it is restored or purged. Its files stay referenced the whole time, so a garbage collection never takes
/// them before the purge.
public protocol PhotoTrash: Sendable {
    /// Moves a photo into the trash, in one transaction with a `delete` feed entry. Returns the keys of the
    /// sizes made on demand, which the trash does not keep (collect them once this has returned); nil when
    /// there was no such photo.
    func trash(id: String) async throws -> [BlobKey]?
    /// Up to `limit` trashed photos, most recently trashed first, after `cursor`.
    func trashPage(after cursor: PageCursor?, limit: Int) async throws -> TrashPage
    /// One trashed photo; nil when it is not in the trash.
    func trashedPhoto(id: String) async throws -> TrashedPhoto?
    /// Puts a trashed photo back as it was, announced as an insert; nil when it is not in the trash.
    func restore(id: String) async throws -> RestoreOutcome?
    /// Drops trashed photos for good: those trashed before `cutoff` (milliseconds), or all when nil.
    /// Returns their blob keys, to collect once this has returned (the collection skips any a live photo
    /// shares).
    func purgeTrash(trashedBefore cutoff: Int64?) async throws -> [BlobKey]
}
