import Blobs
import Catalog
import Logging
import VitrineCore

extension Library {
    /// Keys read from the store per inventory page, and so handed to one collection at most.
    public static let inventoryPageSize = 1000

    /// Blobs in the store that no photo references: what a killed import leaves behind.
    public func orphanBlobs() async throws -> [BlobKey] {
        var orphans: [BlobKey] = []
        try await forEachOrphanPage { orphans += $0 }
        return orphans
    }

    /// Deletes orphan blobs, skipping any an import in progress has leased (in this or another process).
    /// Returns the keys deleted and their total size.
    public func collectOrphans() async throws -> (keys: [BlobKey], bytes: Int64) {
        var deleted: [BlobKey] = []
        var bytes: Int64 = 0
        try await forEachOrphanPage { page in
            var sizes: [BlobKey: Int64] = [:]
            for key in page { sizes[key] = try await blobs.attributes(of: key)?.size ?? 0 }
            let collected = try await collect(page)
            for key in collected { bytes = bytes.addingReportingOverflow(sizes[key] ?? 0).partialValue }
            deleted += collected
        }
        // The keys leased by holders that died before writing anything are not in the store, and their leases
        // are dropped only by a collection that looks at them: offer every leased key (a live lease keeps its
        // own; deleting a key the store lacks is a no-op).
        let leased = try await catalog.leases().map(\.blobKey)
        deleted += try await collect(leased)
        return (deleted, bytes)
    }

    /// Collects what a committed delete or trash left unreferenced. The catalog change already stands, so a
    /// store that fails now (a bucket answering 503) does not make it fail: the blobs stay as orphans, which
    /// the next collection (`gc`, or the worker's) deletes. Returns how many were deleted.
    func collectAfterCommit(_ candidates: [BlobKey]) async -> Int {
        guard !candidates.isEmpty else { return 0 }
        do {
            return try await collect(candidates).count
        } catch {
            Logger(label: "vitrine.library").warning(
                "left files for the next collection", metadata: ["files": "\(candidates.count)", "error": "\(error)"])
            return 0
        }
    }

    /// Deletes the candidates that nothing references and no lease holds, outside any catalog transaction
    /// (see `PhotoCatalog.collectGarbage`); returns those deleted.
    func collect(_ candidates: [BlobKey]) async throws -> [BlobKey] {
        let blobs = blobs
        return try await catalog.collectGarbage(candidates: candidates) { try await blobs.delete($0) }
    }

    /// Pages through the store's inventory against the catalog's references, handing each page's
    /// unreferenced keys to `body` (at most `inventoryPageSize` at once, ascending). A blob catalogued after
    /// the references were read looks unreferenced here; the collection checks again before deleting.
    func forEachOrphanPage(_ body: ([BlobKey]) async throws -> Void) async throws {
        let referenced = try await catalog.referencedBlobKeys()
        var after: BlobKey?
        while true {
            let page = try await blobs.keys(after: after, limit: Self.inventoryPageSize)
            guard let last = page.last else { return }
            after = last
            let orphans = page.filter { !referenced.contains($0) }
            if !orphans.isEmpty { try await body(orphans) }
        }
    }
}
