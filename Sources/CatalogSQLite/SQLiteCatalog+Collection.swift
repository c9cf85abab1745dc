import Blobs
import Catalog
import Foundation
import GRDB
import Scheduling

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
        let keys = Set(candidates).sorted()
        let collector = "collector-" + PhotoID.make()
        var deleted: [BlobKey] = []
        var start = 0
        // At least one pass, even without candidates: it drops dead holders' leases and marks (`gc` right
        // after a killed import, with nothing to delete, must still clear what that import held).
        repeat {
            let batch = Array(keys[start..<min(start + CatalogPolicy.collectionBatchSize, keys.count)])
            start += batch.count
            let now = Self.now
            let leaseHolder = self.leaseHolder
            let marked = try await writeWithoutTransaction { db in
                try Self.markCollectable(batch, collector: collector, holder: leaseHolder, now: now, in: db)
            }
            guard !marked.isEmpty else { continue }
            do {
                try await delete(marked)
            } catch {
                await clearMarks(of: collector)
                throw error
            }
            await clearMarks(of: collector)
            deleted += marked
        } while start < keys.count
        return deleted
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
            Set(try BlobKey.fetchAll(db, sql: "SELECT blobKey FROM variant UNION SELECT blobKey FROM sizedVariant"))
        }
    }
}
