import Catalog
import PostgresNIO
import VitrineCore

/// Blobs that stopped being variants when a variant kind was replaced, kept until their replacements exist
/// so that clients holding the old URLs are not left with 404s (`SQLiteCatalog` fills the table in a
/// migration; a PostgreSQL catalog starts with the current kinds, so its table fills only if a later
/// migration retires a kind).
extension PostgresCatalog {
    /// How many retired blobs are still on disk (or not yet known to be gone).
    public func retiredBlobCount() async throws -> Int {
        try await withConnection { connection in
            let count = try await connection.query("SELECT COUNT(*) FROM retired_blob", logger: self.logger)
                .collect().first?.decode(Int64.self)
            return Int(count ?? 0)
        }
    }

    @discardableResult
    public func collectRetiredBlobs(delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey] {
        let candidates = try await withConnection { connection in
            try await connection.query("SELECT blob_key FROM retired_blob", logger: self.logger).collect()
                .compactMap { BlobKey(hex: try $0.decode(String.self)) }
        }
        guard !candidates.isEmpty else { return [] }
        let deleted = try await collectGarbage(candidates: candidates, delete: delete)
        try await forgetRetiredBlobs(deleted)
        return deleted
    }

    /// Forgets the retired keys that were deleted, and those a variant uses again (the same bytes): that
    /// variant's now. Only leased ones wait for the next pass.
    func forgetRetiredBlobs(_ deleted: [BlobKey]) async throws {
        let hexes = deleted.map(\.hex)
        try await transaction { connection in
            try await connection.query(
                "DELETE FROM retired_blob WHERE blob_key = ANY(\(hexes))", logger: self.logger)
            try await connection.query(
                """
                DELETE FROM retired_blob
                WHERE EXISTS (SELECT 1 FROM variant WHERE variant.blob_key = retired_blob.blob_key)
                """, logger: self.logger)
        }
    }
}
