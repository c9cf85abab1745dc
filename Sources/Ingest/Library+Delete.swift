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
