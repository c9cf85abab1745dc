import Blobs
import Catalog

extension Library {
    /// Deletes a photo, then the blobs nothing else needs; false when there was no such photo.
    ///
    /// The catalog rows go first, in one transaction, so a crash in between leaves orphan blobs (harmless)
    /// and never a photo without its files. Collection respects import leases; see `PhotoCatalog.collectGarbage`.
    @discardableResult
    public func deletePhoto(id: String) throws -> Bool {
        guard let keys = try catalog.delete(id: id) else { return false }
        try catalog.collectGarbage(candidates: keys) { hex in
            if let key = BlobKey(hex: hex) { try blobs.delete(key) }
        }
        return true
    }
}

extension Library {
    /// Blobs on disk that no photo references: what a killed import leaves behind.
    public func orphanBlobs() throws -> [BlobKey] {
        let referenced = try catalog.referencedBlobKeys()
        return try blobs.allKeys().filter { !referenced.contains($0.hex) }.sorted()
    }

    /// Deletes orphan blobs, skipping any an import in progress has leased (in this or another process).
    /// Returns the keys deleted and their total size.
    public func collectOrphans() throws -> (keys: [String], bytes: Int64) {
        var bytes: Int64 = 0
        let keys = try catalog.collectGarbage(candidates: orphanBlobs().map(\.hex)) { hex in
            guard let key = BlobKey(hex: hex) else { return }
            bytes += try blobs.size(of: key) ?? 0
            try blobs.delete(key)
        }
        return (keys, bytes)
    }
}
