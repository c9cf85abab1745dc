import Blobs
import Foundation
import GRDB

/// Garbage collection that holds no lock while deleting, so it stays safe when deleting is a network call.
///
/// A collection marks the keys it is about to delete (`blobCollection`) in the transaction that finds them
/// unreferenced and unleased, deletes them outside any transaction, then clears the marks. A lease waits
/// while any of its keys is marked, and records itself in the transaction that finds none marked. So the
/// two interleave in one of two ways only: the collector marks first and the import's lease waits until the
/// blob is gone (the import then writes it back), or the lease comes first and the collector skips the key.
///
/// A mark names the process that made it (`LeaseHolder.record`) and expires, so a collector killed between
/// marking and clearing blocks nobody for long: its marks are ignored and dropped once its holder is
/// provably dead, or once they expire.
extension PhotoCatalog {
    /// A mark whose holder cannot be proven dead stops protecting its key after this long (milliseconds);
    /// one batch's `delete` must finish well within it.
    public static var collectionMarkLifetime: Int64 { 600_000 }
    /// At most this many keys are marked and handed to `delete` at once (S3 deletes 1 000 per request).
    public static var collectionBatchSize: Int { 1000 }
    /// How long a lease that found a key being collected waits before it looks again.
    static var collectionPollInterval: Duration { .milliseconds(20) }

    /// Leases `keys` for `owner` (one import); call before writing those blobs. Waits, without holding a
    /// thread, while a live collection is deleting any of them.
    public func lease(_ keys: [BlobKey], owner: String) async throws {
        let hexes = Set(keys.map(\.hex)).sorted()
        while true {
            let now = Self.now
            let leased = try await writer.writeWithoutTransaction { db in
                try self.leaseUnlessCollected(hexes, owner: owner, now: now, in: db)
            }
            if leased { return }
            try await Task.sleep(for: Self.collectionPollInterval)
        }
    }

    /// In one transaction: records the leases and returns true, unless a live collection marked one of the
    /// keys (then nothing is recorded and it returns false).
    func leaseUnlessCollected(_ keys: [String], owner: String, now: Int64, in db: Database) throws -> Bool {
        var leased = false
        try db.inTransaction(.immediate) {
            try Self.dropDeadMarks(holder: leaseHolder, now: now, in: db)
            for key in keys {
                let marked =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM blobCollection WHERE blobKey = ?)", arguments: [key])
                    ?? true
                if marked { return .commit }
            }
            for key in keys {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO blobLease (blobKey, owner, expiresAt, holder) VALUES (?, ?, ?, ?)",
                    arguments: [key, owner, now + Self.leaseLifetime, leaseHolder?.record])
            }
            leased = true
            return .commit
        }
        return leased
    }

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

    /// Deletes each candidate blob that no variant (stored or sized on demand) references, no live lease
    /// holds and no other live collection is deleting, in batches of at most `collectionBatchSize`. Returns
    /// the keys deleted.
    ///
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
        while start < keys.count {
            let batch = Array(keys[start..<min(start + Self.collectionBatchSize, keys.count)])
            start += batch.count
            let now = Self.now
            let marked = try await writer.writeWithoutTransaction { db in
                try self.markCollectable(batch, collector: collector, now: now, in: db)
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
        }
        return deleted
    }

    /// In one transaction: drops dead leases and marks, then marks and returns the keys of `batch` that
    /// nothing references, leases or is already collecting.
    func markCollectable(_ batch: [BlobKey], collector: String, now: Int64, in db: Database) throws -> [BlobKey] {
        var marked: [BlobKey] = []
        try db.inTransaction(.immediate) {
            try Self.dropDeadLeases(holder: leaseHolder, now: now, in: db)
            try Self.dropDeadMarks(holder: leaseHolder, now: now, in: db)
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
                    arguments: [key.hex, collector, leaseHolder?.record, now + Self.collectionMarkLifetime])
                marked.append(key)
            }
            return .commit
        }
        return marked
    }

    /// Clears one collection's marks, even when the collecting task was cancelled: a mark left behind would
    /// hold up imports of its key until it expired.
    func clearMarks(of collector: String) async {
        let writer = self.writer
        await Task.detached {
            _ = try? await writer.write { db in
                try db.execute(sql: "DELETE FROM blobCollection WHERE collector = ?", arguments: [collector])
            }
        }.value
    }

    /// Deletes the retired blobs no variant references and no import has leased, like `collectGarbage`, and
    /// forgets them. Returns the keys deleted.
    @discardableResult
    public func collectRetiredBlobs(delete: ([BlobKey]) async throws -> Void) async throws -> [BlobKey] {
        let candidates = try await writer.read { db in
            try String.fetchAll(db, sql: "SELECT blobKey FROM retiredBlob").compactMap(BlobKey.init(hex:))
        }
        guard !candidates.isEmpty else { return [] }
        let deleted = try await collectGarbage(candidates: candidates, delete: delete)
        try await writer.write { db in try Self.forgetRetiredBlobs(deleted.map(\.hex), in: db) }
        return deleted
    }

    /// Forgets the retired keys that were deleted, and those a variant uses again (the same bytes): that
    /// variant's now. Only leased ones wait for the next pass.
    static func forgetRetiredBlobs(_ deleted: [String], in db: Database) throws {
        for key in deleted { try db.execute(sql: "DELETE FROM retiredBlob WHERE blobKey = ?", arguments: [key]) }
        try db.execute(
            sql:
                "DELETE FROM retiredBlob WHERE EXISTS (SELECT 1 FROM variant WHERE variant.blobKey = retiredBlob.blobKey)"
        )
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
