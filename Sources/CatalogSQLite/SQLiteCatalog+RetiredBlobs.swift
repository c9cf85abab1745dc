import Catalog
import GRDB
import VitrineCore

/// Blobs that stopped being variants when a variant kind was replaced (migration `v5-small-thumb-jpeg`),
/// kept until their replacements exist so that clients holding the old URLs are not left with 404s.
extension SQLiteCatalog {
    /// How many retired blobs are still on disk (or not yet known to be gone).
    public func retiredBlobCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM retiredBlob") ?? 0 }
    }

    @discardableResult
    public func collectRetiredBlobs(delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey] {
        let candidates = try await read { db in
            try String.fetchAll(db, sql: "SELECT blobKey FROM retiredBlob").compactMap(BlobKey.init(hex:))
        }
        guard !candidates.isEmpty else { return [] }
        let deleted = try await collectGarbage(candidates: candidates, delete: delete)
        try await write { db in try Self.forgetRetiredBlobs(deleted, in: db) }
        return deleted
    }

    /// Forgets the retired keys that were deleted, and those a variant uses again (the same bytes): that
    /// variant's now. Only leased ones wait for the next pass.
    static func forgetRetiredBlobs(_ deleted: [BlobKey], in db: Database) throws {
        for key in deleted { try db.execute(sql: "DELETE FROM retiredBlob WHERE blobKey = ?", arguments: [key]) }
        try db.execute(
            sql:
                "DELETE FROM retiredBlob WHERE EXISTS (SELECT 1 FROM variant WHERE variant.blobKey = retiredBlob.blobKey)"
        )
    }
}
