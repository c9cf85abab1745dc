import Blobs
import Catalog

extension Library {
    /// Deletes a photo, then the blobs nothing else needs; false when there was no such photo.
    ///
    /// The catalog rows go first, in one transaction, so a crash in between leaves orphan blobs (harmless)
    /// and never a photo without its files. Collection respects import leases and deletes outside any catalog
    /// transaction; see `PhotoCatalog.collectGarbage`.
    @discardableResult
    public func deletePhoto(id: String) async throws -> Bool {
        guard let keys = try await catalog.delete(id: id) else { return false }
        _ = await collectAfterCommit(keys)
        return true
    }
}
