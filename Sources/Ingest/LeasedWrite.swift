import Blobs
import Catalog

/// The one way new blobs enter a library (imports, the small-thumb backfill, sized variants): lease the
/// keys, store the blobs, then run the caller's catalog step that records them and drops the lease in the
/// same transaction; on any failure the lease is released.
///
/// The lease comes before the writes so that a collection of the same keys meanwhile (a deletion, `gc`)
/// either marked them first, and the lease waits until they are gone and the writes below put them back, or
/// sees the lease and leaves them alone. The
/// blobs are acknowledged durably before the record step runs, so a kill at any instant leaves either no
/// row (and orphans a re-run reuses or `gc` takes) or a row whose blobs all exist.
public struct LeasedWrite: Sendable {
    public let catalog: any BlobLeases
    public let blobs: any BlobStore

    public init(catalog: any BlobLeases, blobs: any BlobStore) {
        self.catalog = catalog
        self.blobs = blobs
    }

    /// Stores `pending` under a new lease owner named `purpose-<random>` and runs `record` with that owner,
    /// returning what it returns. `record` must drop the owner's leases in its own transaction (every
    /// catalog call that takes a `leaseOwner` does); when it or a write throws, they are released here.
    public func run<T: Sendable>(
        _ pending: [PendingBlob], purpose: String, record: (_ leaseOwner: String) async throws -> T
    ) async throws -> T {
        let owner = purpose + "-" + PhotoID.make()
        try await catalog.lease(pending.map(\.key), owner: owner)
        do {
            try await store(pending)
            return try await record(owner)
        } catch {
            try? await catalog.releaseLeases(owner: owner)
            throw error
        }
    }

    /// Stores the blobs concurrently (a remote store answers each after a round trip).
    func store(_ pending: [PendingBlob]) async throws {
        let blobs = blobs
        try await withThrowingTaskGroup(of: Void.self) { group in
            for blob in pending { group.addTask { try await blob.store(in: blobs) } }
            try await group.waitForAll()
        }
    }
}
