import GRDB

/// Blobs that stopped being variants when a variant kind was replaced (migration `v5-small-thumb-jpeg`),
/// kept until their replacements exist so that clients holding the old URLs are not left with 404s.
extension PhotoCatalog {
    /// How many retired blobs are still on disk (or not yet known to be gone).
    public func retiredBlobCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM retiredBlob") ?? 0 }
    }

    /// Deletes the retired blobs no variant references and no import has leased (`collectGarbage`),
    /// calling `delete` for each, and forgets them. Returns the keys deleted.
    @discardableResult
    public func collectRetiredBlobs(delete: (String) throws -> Void) throws -> [String] {
        let candidates = try writer.read { db in try String.fetchAll(db, sql: "SELECT blobKey FROM retiredBlob") }
        guard !candidates.isEmpty else { return [] }
        let deleted = try collectGarbage(candidates: candidates, delete: delete)
        try writer.write { db in try Self.forgetRetiredBlobs(deleted, in: db) }
        return deleted
    }
}
