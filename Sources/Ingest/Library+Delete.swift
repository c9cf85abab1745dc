import Blobs
import Catalog

extension Library {
    /// Deletes a photo, then the blobs nothing else needs; false when there was no such photo.
    ///
    /// The catalog rows go first, in one transaction, so a crash in between leaves orphan blobs (harmless)
    /// and never a photo without its files. Collection respects import leases; see `BlobLeases`.
    @discardableResult
    public func deletePhoto(id: String) async throws -> Bool {
        guard let keys = try await catalog.delete(id: id) else { return false }
        let blobs = self.blobs
        try await catalog.collectGarbage(candidates: keys) { keys in
            try await Importer.onWorker { for key in keys { try blobs.delete(key) } }
        }
        return true
    }
}

extension Library {
    /// Blobs on disk that no photo references: what a killed import leaves behind.
    public func orphanBlobs() async throws -> [BlobKey] {
        let referenced = try await catalog.referencedBlobKeys()
        return try blobs.allKeys().filter { !referenced.contains($0) }.sorted()
    }

    /// Deletes orphan blobs, skipping any an import in progress has leased (in this or another process).
    /// Returns the keys deleted and their total size.
    public func collectOrphans() async throws -> (keys: [BlobKey], bytes: Int64) {
        var bytes: Int64 = 0
        let blobs = self.blobs
        let keys = try await catalog.collectGarbage(candidates: orphanBlobs()) { keys in
            bytes += try await Importer.onWorker {
                var freed: Int64 = 0
                for key in keys {
                    freed += try blobs.size(of: key) ?? 0
                    try blobs.delete(key)
                }
                return freed
            }
        }
        return (keys, bytes)
    }
}
