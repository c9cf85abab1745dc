import Blobs
import Catalog

extension Library {
    /// Keys read from the store per inventory page, and collected per batch.
    public static let collectionBatchSize = 1000

    /// Blobs in the store that no photo references: what a killed import leaves behind.
    public func orphanBlobs() async throws -> [BlobKey] {
        var orphans: [BlobKey] = []
        try await forEachOrphanBatch { orphans += $0 }
        return orphans
    }

    /// Deletes orphan blobs, skipping any an import in progress has leased (in this or another process).
    /// Returns the keys deleted and their total size.
    public func collectOrphans() async throws -> (keys: [BlobKey], bytes: Int64) {
        var deleted: [BlobKey] = []
        var bytes: Int64 = 0
        try await forEachOrphanBatch { batch in
            var sizes: [BlobKey: Int64] = [:]
            for key in batch { sizes[key] = try await blobs.attributes(of: key)?.size ?? 0 }
            let collected = try await collect(batch)
            for key in collected { bytes = bytes.addingReportingOverflow(sizes[key] ?? 0).partialValue }
            deleted += collected
        }
        // A collection also drops the leases of dead holders: run one even when nothing is an orphan.
        if deleted.isEmpty { _ = try await collect([]) }
        return (deleted, bytes)
    }

    /// Deletes the candidates that nothing references and no lease holds; returns those deleted.
    func collect(_ candidates: [BlobKey]) async throws -> [BlobKey] {
        // INTERIM until the catalog's collection marks land: collected inside the lock, deleted after it.
        let collected = try catalog.collectGarbage(candidates: candidates.map(\.hex)) { _ in }
            .compactMap(BlobKey.init(hex:))
        try await blobs.delete(collected)
        return collected
    }

    /// Pages through the store's inventory against the catalog's references, handing each page's
    /// unreferenced keys to `body` (at most `collectionBatchSize` at once, ascending).
    func forEachOrphanBatch(_ body: ([BlobKey]) async throws -> Void) async throws {
        let referenced = try catalog.referencedBlobKeys()
        var after: BlobKey?
        while true {
            let page = try await blobs.keys(after: after, limit: Self.collectionBatchSize)
            guard let last = page.last else { return }
            after = last
            let orphans = page.filter { !referenced.contains($0.hex) }
            if !orphans.isEmpty { try await body(orphans) }
        }
    }
}
