import Foundation
import GRDB

/// Blob garbage collection, made safe against imports of the same content.
///
/// An import leases every blob key before writing the blob, and drops the leases in the transaction that
/// catalogues the photo. Collection checks references and leases and deletes files while holding SQLite's
/// write lock, so the two interleave in one of two ways only: the collector deletes first and the import,
/// writing after its lease, puts the file back; or the lease comes first and the collector skips the blob.
/// Leases use the database lock, so this holds across processes (a CLI import beside a running server).
extension PhotoCatalog {
    /// A lease outlives a crashed importer by this long; its blobs are then ordinary orphans.
    public static var leaseLifetime: Int64 { 3_600_000 }

    /// Leases `keys` for `owner` (one import); call before writing those blobs.
    public func lease(keys: [String], owner: String) throws {
        let expiresAt = Int64(Date().timeIntervalSince1970 * 1000) + Self.leaseLifetime
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                for key in keys {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO blobLease (blobKey, owner, expiresAt) VALUES (?, ?, ?)",
                        arguments: [key, owner, expiresAt])
                }
                return .commit
            }
        }
    }

    /// Drops `owner`'s leases (an import that failed or found a duplicate).
    public func releaseLeases(owner: String) throws {
        try writer.write { db in try Self.releaseLeases(owner: owner, in: db) }
    }

    static func releaseLeases(owner: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM blobLease WHERE owner = ?", arguments: [owner])
    }

    /// Deletes each candidate blob that no variant (stored or sized on demand) references and no live lease holds, calling `delete`
    /// inside the write lock. Returns the keys deleted.
    @discardableResult
    public func collectGarbage(candidates: [String], delete: (String) throws -> Void) throws -> [String] {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return try writer.writeWithoutTransaction { db in
            var deleted: [String] = []
            try db.inTransaction(.immediate) {
                try db.execute(sql: "DELETE FROM blobLease WHERE expiresAt < ?", arguments: [now])
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
