import Catalog
import Foundation
import GRDB
import Scheduling
import VitrineCore

/// Garbage collection that holds no lock while deleting, so it stays safe when deleting is a network call:
/// the marks of `BlobLeases` live in `blobCollection` (key, collection, holder record, expiry).
extension SQLiteCatalog {
    /// Drops the marks of collectors that are provably dead and the marks that expired.
    static func dropDeadMarks(holder: LeaseHolder?, now: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM blobCollection WHERE expiresAt < ?", arguments: [now])
        guard let holder else { return }
        let holders = try String.fetchAll(
            db, sql: "SELECT DISTINCT holder FROM blobCollection WHERE holder IS NOT NULL")
        for record in holders where holder.isDead(record) {
            try db.execute(sql: "DELETE FROM blobCollection WHERE holder = ?", arguments: [record])
        }
    }

    /// Whatever made a blob unreferenced committed before the batch's transaction, and every commit is
    /// durable before it returns (`synchronous = FULL`), so a blob is never deleted while a power cut could
    /// still bring back a row that needs it.
    @discardableResult
    public func collectGarbage(
        candidates: [BlobKey], delete: ([BlobKey]) async throws -> Void
    ) async throws
        -> [BlobKey]
    {
        let leaseHolder = self.leaseHolder
        return try await BlobCollection.run(
            candidates: candidates,
            mark: { batch, collector in
                let now = Self.now
                return try await self.writeWithoutTransaction { db in
                    try Self.markCollectable(batch, collector: collector, holder: leaseHolder, now: now, in: db)
                }
            },
            clearMarks: { await self.clearMarks(of: $0) }, delete: delete)
    }

    /// In one transaction: drops dead leases and marks, then marks and returns the keys of `batch` that
    /// nothing references, leases or is already collecting.
    static func markCollectable(
        _ batch: [BlobKey], collector: String, holder: LeaseHolder?, now: Int64, in db: Database
    ) throws -> [BlobKey] {
        var marked: [BlobKey] = []
        try db.inTransaction(.immediate) {
            try dropDeadLeases(holder: holder, now: now, in: db)
            try dropDeadMarks(holder: holder, now: now, in: db)
            for key in batch {
                let busy =
                    try Bool.fetchOne(
                        db,
                        sql: """
                            SELECT EXISTS (SELECT 1 FROM variant WHERE blobKey = ?1)
                                OR EXISTS (SELECT 1 FROM sizedVariant WHERE blobKey = ?1)
                                OR EXISTS (SELECT 1 FROM trashedBlob WHERE blobKey = ?1)
                                OR EXISTS (SELECT 1 FROM blobLease WHERE blobKey = ?1)
                                OR EXISTS (SELECT 1 FROM blobCollection WHERE blobKey = ?1)
                            """, arguments: [key.hex])
                    ?? true
                guard !busy else { continue }
                try db.execute(
                    sql: "INSERT INTO blobCollection (blobKey, collector, holder, expiresAt) VALUES (?, ?, ?, ?)",
                    arguments: [key.hex, collector, holder?.record, now + CatalogPolicy.collectionMarkLifetime])
                marked.append(key)
            }
            return .commit
        }
        return marked
    }

    /// Clears one collection's marks, even when the collecting task was cancelled: a mark left behind would
    /// hold up imports of its key until it expired.
    /// A full executor is waited out rather than given up on.
    func clearMarks(of collector: String) async {
        let catalog = self
        await Task.detached {
            while true {
                do {
                    try await catalog.write { db in
                        try db.execute(sql: "DELETE FROM blobCollection WHERE collector = ?", arguments: [collector])
                    }
                    return
                } catch is BusyError {
                    try? await Task.sleep(for: Self.collectionPollInterval)
                } catch {
                    return
                }
            }
        }.value
    }

    public func referencedBlobKeys() async throws -> Set<BlobKey> {
        try await read { db in
            Set(
                try BlobKey.fetchAll(
                    db,
                    sql: """
                        SELECT blobKey FROM variant UNION SELECT blobKey FROM sizedVariant
                        UNION SELECT blobKey FROM trashedBlob
                        """))
        }
    }
}
