import Blobs
import Catalog
import VitrineCore

extension MeteredCatalog {
    public func latestChangeSeq() async throws -> Int64 {
        try await metered(.latestChangeSeq) { try await base.latestChangeSeq() }
    }

    public func changes(after seq: Int64, limit: Int) async throws -> [ChangeEvent]? {
        try await metered(.changes) { try await base.changes(after: seq, limit: limit) }
    }

    public func observeChanges(_ onChange: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        try await metered(.observeChanges) { try await base.observeChanges(onChange) }
    }

    public func lease(_ keys: [BlobKey], owner: String) async throws {
        try await metered(.lease) { try await base.lease(keys, owner: owner) }
    }

    public func releaseLeases(owner: String) async throws {
        try await metered(.releaseLeases) { try await base.releaseLeases(owner: owner) }
    }

    public func leases() async throws -> [BlobLease] {
        try await metered(.leases) { try await base.leases() }
    }

    public func referencedBlobKeys() async throws -> Set<BlobKey> {
        try await metered(.referencedBlobKeys) { try await base.referencedBlobKeys() }
    }

    public func retiredBlobCount() async throws -> Int {
        try await metered(.retiredBlobCount) { try await base.retiredBlobCount() }
    }

    @discardableResult
    public func collectGarbage(
        candidates: [BlobKey], delete: ([BlobKey]) async throws -> Void
    ) async throws -> [BlobKey] {
        try await metered(.collectGarbage) { try await base.collectGarbage(candidates: candidates, delete: delete) }
    }

    @discardableResult
    public func collectRetiredBlobs(delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey] {
        try await metered(.collectRetiredBlobs) { try await base.collectRetiredBlobs(delete: delete) }
    }
}
