import Catalog
import GRDB
import VitrineCore

/// Leases, as `BlobLeases` describes them. Leases and collection marks are rows written in IMMEDIATE
/// transactions, so the check-then-record steps of an import and a collection are serialised by SQLite's
/// write lock, across processes too (a CLI import beside a running server).
///
/// Each lease names its holder, the process that took it (`LeaseHolder.record`). A lease whose holder is
/// provably dead protects nothing and is dropped at the next collection, so `gc` right after a killed
/// import takes that import's orphans. A live holder's leases are kept. Leases with no holder (taken
/// before holders were recorded, or through a catalog opened without one) and leases whose holder cannot
/// be checked (another host) last `CatalogPolicy.leaseLifetime`.
extension SQLiteCatalog {
    /// How long a lease that found a key being collected waits before it looks again.
    static var collectionPollInterval: Duration { .milliseconds(20) }

    public func lease(_ keys: [BlobKey], owner: String) async throws {
        let hexes = Set(keys.map(\.hex)).sorted()
        while true {
            let now = Self.now
            let leaseHolder = self.leaseHolder
            let leased = try await writeWithoutTransaction { db in
                try Self.leaseUnlessCollected(hexes, owner: owner, holder: leaseHolder, now: now, in: db)
            }
            if leased { return }
            try await Task.sleep(for: Self.collectionPollInterval)
        }
    }

    /// In one transaction: records the leases and returns true, unless a live collection marked one of the
    /// keys (then nothing is recorded and it returns false).
    static func leaseUnlessCollected(
        _ keys: [String], owner: String, holder: LeaseHolder?, now: Int64, in db: Database
    ) throws -> Bool {
        var leased = false
        try db.inTransaction(.immediate) {
            try dropDeadMarks(holder: holder, now: now, in: db)
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
                    arguments: [key, owner, now + CatalogPolicy.leaseLifetime, holder?.record])
            }
            leased = true
            return .commit
        }
        return leased
    }

    /// Drops the leases of holders that are provably dead and of those that expired.
    static func dropDeadLeases(holder: LeaseHolder?, now: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM blobLease WHERE expiresAt < ?", arguments: [now])
        guard let holder else { return }
        let holders = try String.fetchAll(db, sql: "SELECT DISTINCT holder FROM blobLease WHERE holder IS NOT NULL")
        for record in holders where holder.isDead(record) {
            try db.execute(sql: "DELETE FROM blobLease WHERE holder = ?", arguments: [record])
        }
    }

    public func releaseLeases(owner: String) async throws {
        try await write { db in try Self.releaseLeases(owner: owner, in: db) }
    }

    static func releaseLeases(owner: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM blobLease WHERE owner = ?", arguments: [owner])
    }

    public func leases() async throws -> [BlobLease] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT blobKey, owner, holder FROM blobLease ORDER BY blobKey, owner")
                .compactMap { row in
                    BlobKey(hex: row["blobKey"]).map {
                        BlobLease(blobKey: $0, owner: row["owner"], holder: row["holder"])
                    }
                }
        }
    }
}
