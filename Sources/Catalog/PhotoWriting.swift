import VitrineCore

/// Changes to photos. Each is one transaction with its change-feed entry, so the feed and the catalog never
/// disagree; the writes that record blobs drop their writer's leases in the same transaction.
public protocol PhotoWriting: Sendable {
    /// Inserts a photo, its variants and tags at once, announces it on the feed, drops `leaseOwner`'s
    /// leases (the variant rows now protect the blobs) and enqueues `jobs` (the photo's render, its web
    /// rendition), so no crash leaves a photo without the work it needs. Throws
    /// `CatalogError.duplicate(existingID:)` when a photo with the same content hash exists, and enqueues
    /// nothing then; `JobQueueError.invalid` for a job `JobLimits` refuses.
    func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?, jobs: [JobRequest],
        now: Int64
    ) async throws
    /// Inserts many photos at once, without feed entries (fixtures and migrations; imports use `insert`).
    func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) async throws
    /// Applies an edit with its feed entry; nil when the photo is gone.
    func update(id: String, _ edit: CatalogEdit) async throws -> PhotoWithVariants?
    /// Removes a photo with its variants, tags and counters. Returns the blob keys it pointed at (collect
    /// them once this has returned); nil when there was no such photo.
    func delete(id: String) async throws -> [BlobKey]?
    /// Records a variant made after import, whose blob `leaseOwner` leased and wrote, dropping the lease, and
    /// with `announces` announcing the photo as updated. False when the photo was deleted meanwhile or
    /// already has that kind.
    func addVariant(_ record: VariantRecord, leaseOwner: String, announces: Bool) async throws -> Bool
    /// Records a size whose blob `leaseOwner` leased and wrote, dropping the lease. Returns the row now stored
    /// (an earlier one wins a race: same pixels, same bytes); nil when the photo was deleted meanwhile.
    func insertSizedVariant(_ record: SizedVariantRecord, leaseOwner: String) async throws -> SizedVariantRecord?
    /// Ends the render of a photo that is not `ready`: with the render's `appearance` it becomes `ready`
    /// (its placeholder and colour recorded), with nil it becomes `failed` (only from `processing`: a late
    /// failure never undoes a render that landed). Announced as an update. False when nothing changed: the
    /// photo is gone, or already in that state.
    func settleRender(photoId: String, appearance: PhotoAppearance?) async throws -> Bool
    /// Adds one to a counter without touching `updatedAt`; false when there is no such photo.
    @discardableResult func increment(_ counter: PhotoCounter, photoId: String) async throws -> Bool
}

extension PhotoWriting {
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?
    ) async throws {
        try await insert(photo, variants: variants, tags: tags, leaseOwner: leaseOwner, jobs: [], now: 0)
    }

    /// Records a variant clients must learn of (it changes what a page or a detail says).
    public func addVariant(_ record: VariantRecord, leaseOwner: String) async throws -> Bool {
        try await addVariant(record, leaseOwner: leaseOwner, announces: true)
    }

    public func insert(_ photo: PhotoRecord, variants: [VariantRecord]) async throws {
        try await insert(photo, variants: variants, tags: [], leaseOwner: nil)
    }

    public func insert(_ photo: PhotoRecord, variants: [VariantRecord], tags: [String]) async throws {
        try await insert(photo, variants: variants, tags: tags, leaseOwner: nil)
    }

    public func insert(_ photo: PhotoRecord, variants: [VariantRecord], leaseOwner: String?) async throws {
        try await insert(photo, variants: variants, tags: [], leaseOwner: leaseOwner)
    }
}
