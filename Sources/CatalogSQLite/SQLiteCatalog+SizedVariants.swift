import Catalog
import GRDB

/// Sizes made on demand (Pixabay's 150/640/1280 px): recorded like variants, so garbage collection and
/// deletion treat their blobs the same way.
extension SQLiteCatalog {
    public func sizedVariant(photoId: String, edge: Int) async throws -> SizedVariantRecord? {
        try await read { db in try SizedVariantRecord.fetchOne(db, key: ["photoId": photoId, "edge": edge]) }
    }

    /// Records a size whose blob `leaseOwner` leased and wrote, dropping the lease in the same transaction.
    /// Returns the row now stored: an earlier one wins a race (same pixels, so the same bytes). Nil when the
    /// photo was deleted meanwhile (its blob is then an orphan for collection).
    public func insertSizedVariant(_ record: SizedVariantRecord, leaseOwner: String) async throws -> SizedVariantRecord?
    {
        try await write { db in
            defer { try? Self.releaseLeases(owner: leaseOwner, in: db) }
            guard try PhotoRecord.exists(db, key: record.photoId) else { return nil }
            if let existing = try SizedVariantRecord.fetchOne(
                db, key: ["photoId": record.photoId, "edge": record.edge])
            {
                return existing
            }
            try record.insert(db)
            return record
        }
    }
}
