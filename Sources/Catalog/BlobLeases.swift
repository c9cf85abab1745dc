import VitrineCore

/// Blob garbage collection, safe against imports of the same content and against a remote blob store.
///
/// An import leases every blob key before writing the blob, and the catalog write that references the blob
/// drops the lease. A collection marks the keys it is about to delete in the transaction that finds them
/// unreferenced and unleased, deletes them outside any transaction, then clears the marks; a lease waits
/// while any of its keys is marked. So the two interleave in one of two ways only: the collector marks
/// first and the lease waits until the blob is gone (the import then writes it back), or the lease comes
/// first and the collector skips the key.
///
/// Leases and marks name their holder (`LeaseHolder.record`): those of a holder provably dead are dropped
/// at once, the others expire (`CatalogPolicy`).
public protocol BlobLeases: Sendable {
    /// Leases `keys` for `owner` (one import), atomically; call before writing those blobs. Waits, without
    /// holding a thread, while a live collection is deleting any of them.
    func lease(_ keys: [BlobKey], owner: String) async throws
    /// Drops `owner`'s leases (an import that failed or found a duplicate).
    func releaseLeases(owner: String) async throws
    /// Leases held now, by key.
    func leases() async throws -> [BlobLease]
    /// Every blob a variant or sized variant points at (to tell orphans from live blobs).
    func referencedBlobKeys() async throws -> Set<BlobKey>
    /// How many retired blobs (replaced variants kept for old URLs) are still to collect.
    func retiredBlobCount() async throws -> Int
    /// Deletes, through `delete`, each candidate no variant references, no live lease holds and no other
    /// collection is deleting, in batches of at most `CatalogPolicy.collectionBatchSize`. Returns the keys
    /// deleted.
    @discardableResult
    func collectGarbage(candidates: [BlobKey], delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey]
    /// Collects the retired blobs the same way, and forgets them. Returns the keys deleted.
    @discardableResult
    func collectRetiredBlobs(delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey]
}
