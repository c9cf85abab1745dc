import Foundation
import GRDB

/// Blob garbage collection, made safe against imports of the same content.
///
/// An import leases every blob key before writing the blob, and drops the leases in the transaction that
/// catalogues the photo. Collection checks references and leases and deletes files while holding SQLite's
/// write lock, so the two interleave in one of two ways only: the collector deletes first and the import,
/// writing after its lease, puts the file back; or the lease comes first and the collector skips the blob.
/// Leases use the database lock, so this holds across processes (a CLI import beside a running server).
///
/// Each lease names its holder, the process that took it (`LeaseHolder.record`). A lease whose holder is
/// provably dead protects nothing and is dropped at the next collection, so `gc` right after a killed
/// import takes that import's orphans. A live holder's leases are kept. Leases with no holder (taken
/// before holders were recorded, or through a catalog opened without one) and leases whose holder cannot
/// be checked (another host) last `leaseLifetime`.
extension PhotoCatalog {
    /// A lease whose holder cannot be proven dead outlives it by this long; its blobs are then ordinary
    /// orphans.
    public static var leaseLifetime: Int64 { 3_600_000 }

    /// Leases `keys` for `owner` (one import); call before writing those blobs. Blocks while a collection
    /// (`PhotoCatalog+Collection`) is deleting any of them.
    public func lease(keys: [String], owner: String) throws {
        let keys = Set(keys).sorted()
        while try !writer.writeWithoutTransaction({ db in
            try leaseUnlessCollected(keys, owner: owner, now: Self.now, in: db)
        }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
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

    /// Drops `owner`'s leases (an import that failed or found a duplicate).
    public func releaseLeases(owner: String) throws {
        try writer.write { db in try Self.releaseLeases(owner: owner, in: db) }
    }

    static func releaseLeases(owner: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM blobLease WHERE owner = ?", arguments: [owner])
    }

    /// Deletes each candidate blob that no variant (stored or sized on demand) references and no live lease
    /// holds, calling `delete` inside the write lock. Returns the keys deleted.
    ///
    /// Whatever made a blob unreferenced (a deletion, a replaced variant) committed before this took the
    /// lock, and every commit is durable before it returns (`synchronous = FULL`, see `PhotoCatalog.init`),
    /// so a file is never unlinked while a power cut could still bring back a row that needs it.
    @discardableResult
    public func collectGarbage(candidates: [String], delete: (String) throws -> Void) throws -> [String] {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return try writer.writeWithoutTransaction { db in
            var deleted: [String] = []
            try db.inTransaction(.immediate) {
                try Self.dropDeadLeases(holder: leaseHolder, now: now, in: db)
                for key in Set(candidates).sorted() {
                    let referenced =
                        try Bool.fetchOne(
                            db,
                            sql: """
                                SELECT EXISTS (SELECT 1 FROM variant WHERE blobKey = ?)
                                    OR EXISTS (SELECT 1 FROM sizedVariant WHERE blobKey = ?)
                                """, arguments: [key, key])
                        ?? true
                    let leased =
                        try Bool.fetchOne(
                            db, sql: "SELECT EXISTS (SELECT 1 FROM blobLease WHERE blobKey = ?)", arguments: [key])
                        ?? true
                    guard !referenced, !leased else { continue }
                    try delete(key)
                    deleted.append(key)
                }
                return .commit
            }
            return deleted
        }
    }
}

/// Who takes leases through a catalog, and how to tell that another holder is gone: a process identity
/// record and a proof of death for other records (see `ProcessIdentity` in Blobs, which `Library` wires in).
public struct LeaseHolder: Sendable {
    /// Stored with every lease this catalog takes.
    public var record: String
    /// True only when the process `record` names is provably dead; false when alive or unknown.
    public var isDead: @Sendable (_ record: String) -> Bool

    public init(record: String, isDead: @escaping @Sendable (_ record: String) -> Bool) {
        self.record = record
        self.isDead = isDead
    }
}
