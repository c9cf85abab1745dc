import Catalog
import PostgresNIO
import VitrineCore

/// Leases, as `BlobLeases` describes them, shared by every process and server on the database.
///
/// SQLite serialises the check-then-record steps of a lease and of a collection mark through its single
/// writer. PostgreSQL runs transactions side by side under READ COMMITTED, where a lease checking "no
/// mark on this key" and a collection checking "no lease on this key" could both pass and both commit: the
/// import would then write a blob the collector is deleting. So both steps take one transaction-scoped
/// advisory lock, `blobLockKey`, before they look: they run one after the other across the cluster, exactly
/// as SQLite's IMMEDIATE transactions do, and each sees everything the previous one committed (under READ
/// COMMITTED every statement after the lock reads a snapshot taken after it was granted). One lock rather
/// than one per key: both transactions are a few set-based statements with no I/O beyond the database, a
/// batch of `CatalogPolicy.collectionBatchSize` keys would otherwise take that many lock-table slots, and
/// taking per-key locks in one sorted order across overlapping batches buys nothing at this size. The
/// deletion itself, the slow part, runs outside any transaction and any lock (see `collectGarbage`).
///
/// The writes that turn a lease into a reference (pg-core's inserts, which record variant rows and drop
/// their owner's leases in one transaction) need not take the lock: the collection checks variants, sized
/// variants, leases and marks in one statement, whose snapshot sees that transaction entirely or not at all.
///
/// Each lease names its holder (`LeaseHolder.record`). A lease whose holder is provably dead protects
/// nothing and is dropped at the next collection; the others last `CatalogPolicy.leaseLifetime`.
extension PostgresCatalog: BlobLeases {
    /// Serialises leasing and collection marking across every connection to the database ("VITRINEB").
    static let blobLockKey: Int64 = 0x5649_5452_494E_4542

    /// How long a lease that found a key being collected waits before it looks again; it holds no
    /// connection meanwhile.
    static var collectionPollInterval: Duration { .milliseconds(20) }

    public func lease(_ keys: [BlobKey], owner: String) async throws {
        let hexes = Set(keys.map(\.hex)).sorted()
        while true {
            if try await leaseUnlessCollected(hexes, owner: owner, now: Self.now) { return }
            try await Task.sleep(for: Self.collectionPollInterval)
        }
    }

    /// In one transaction under the blob lock: records the leases and returns true, unless a live collection
    /// marked one of the keys (then nothing is recorded and it returns false).
    func leaseUnlessCollected(_ keys: [String], owner: String, now: Int64) async throws -> Bool {
        try await transaction { connection in
            try await self.takeBlobLock(on: connection)
            try await self.dropDeadMarks(now: now, on: connection)
            let marked =
                try await connection.query(
                    "SELECT EXISTS (SELECT 1 FROM blob_collection WHERE blob_key = ANY(\(keys)))", logger: self.logger
                ).collect().first?.decode(Bool.self) ?? true
            if marked { return false }
            let expiresAt = now &+ CatalogPolicy.leaseLifetime
            try await connection.query(
                """
                INSERT INTO blob_lease (blob_key, owner, expires_at, holder)
                SELECT key, \(owner), \(expiresAt), \(self.leaseHolder?.record) FROM unnest(\(keys)::text[]) AS key
                ON CONFLICT (blob_key, owner) DO UPDATE SET expires_at = excluded.expires_at, holder = excluded.holder
                """, logger: self.logger)
            return true
        }
    }

    /// Waits for, then holds until the transaction ends, the lock that serialises leasing and marking.
    func takeBlobLock(on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.blobLockKey))", logger: logger)
    }

    /// Drops the leases that expired and those of holders that are provably dead.
    func dropDeadLeases(now: Int64, on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM blob_lease WHERE expires_at < \(now)", logger: logger)
        let dead = try await deadHolders(in: "blob_lease", on: connection)
        guard !dead.isEmpty else { return }
        try await connection.query("DELETE FROM blob_lease WHERE holder = ANY(\(dead))", logger: logger)
    }

    /// The distinct holders recorded in `table` (a fixed name, never input) that this catalog's holder can
    /// prove dead; none without a holder.
    func deadHolders(in table: String, on connection: PostgresConnection) async throws -> [String] {
        guard let leaseHolder else { return [] }
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT DISTINCT holder FROM \(table) WHERE holder IS NOT NULL"), logger: logger
        ).collect()
        return try rows.map { try $0.decode(String.self) }.filter(leaseHolder.isDead)
    }

    public func releaseLeases(owner: String) async throws {
        try await withConnection { connection in
            _ = try await connection.query("DELETE FROM blob_lease WHERE owner = \(owner)", logger: self.logger)
        }
    }

    public func leases() async throws -> [BlobLease] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT blob_key, owner, holder FROM blob_lease ORDER BY blob_key, owner", logger: self.logger
            ).collect().compactMap { row in
                let (key, owner, holder) = try row.decode((String, String, String?).self)
                return BlobKey(hex: key).map { BlobLease(blobKey: $0, owner: owner, holder: holder) }
            }
        }
    }
}
