import Catalog
import PostgresNIO
import VitrineCore

/// Garbage collection that holds no lock and no transaction while deleting, so it stays safe when deleting
/// is a network call: the marks of `BlobLeases` live in `blob_collection` (key, collection, holder, expiry).
extension PostgresCatalog {
    /// Drops the marks that expired and those of collectors that are provably dead.
    func dropDeadMarks(now: Int64, on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM blob_collection WHERE expires_at < \(now)", logger: logger)
        let dead = try await deadHolders(in: "blob_collection", on: connection)
        guard !dead.isEmpty else { return }
        try await connection.query("DELETE FROM blob_collection WHERE holder = ANY(\(dead))", logger: logger)
    }

    /// Every commit that made a blob unreferenced returned before the batch's transaction began, and
    /// PostgreSQL's commits are durable when they return (`synchronous_commit` on, its default), so a blob is
    /// never deleted while a crash could still bring back a row that needs it.
    @discardableResult
    public func collectGarbage(
        candidates: [BlobKey], delete: ([BlobKey]) async throws -> Void
    ) async throws
        -> [BlobKey]
    {
        try await BlobCollection.run(
            candidates: candidates,
            mark: { batch, collector in try await self.markCollectable(batch, collector: collector, now: Self.now) },
            clearMarks: { await self.clearMarks(of: $0) }, delete: delete)
    }

    /// In one transaction under the blob lock (see `BlobLeases` above): drops dead leases and marks, then
    /// marks and returns the keys of `batch` that nothing references, leases or is already collecting.
    ///
    /// The four checks are one statement, so they read one snapshot: a transaction that records a variant
    /// and drops its lease together is seen whole (the variant protects the key) or not at all (the lease
    /// does), never the half where neither would.
    func markCollectable(_ batch: [BlobKey], collector: String, now: Int64) async throws -> [BlobKey] {
        let hexes = batch.map(\.hex)
        let expiresAt = now &+ CatalogPolicy.collectionMarkLifetime
        return try await transaction { connection in
            try await self.takeBlobLock(on: connection)
            try await self.dropDeadLeases(now: now, on: connection)
            try await self.dropDeadMarks(now: now, on: connection)
            guard !hexes.isEmpty else { return [] }
            let rows = try await connection.query(
                """
                INSERT INTO blob_collection (blob_key, collector, holder, expires_at)
                SELECT key, \(collector), \(self.leaseHolder?.record), \(expiresAt)
                FROM unnest(\(hexes)::text[]) AS key
                WHERE NOT EXISTS (SELECT 1 FROM variant WHERE variant.blob_key = key)
                    AND NOT EXISTS (SELECT 1 FROM sized_variant WHERE sized_variant.blob_key = key)
                    AND NOT EXISTS (SELECT 1 FROM trashed_blob WHERE trashed_blob.blob_key = key)
                    AND NOT EXISTS (SELECT 1 FROM blob_lease WHERE blob_lease.blob_key = key)
                    AND NOT EXISTS (SELECT 1 FROM blob_collection WHERE blob_collection.blob_key = key)
                ON CONFLICT (blob_key) DO NOTHING
                RETURNING blob_key
                """, logger: self.logger
            ).collect()
            return try rows.compactMap { BlobKey(hex: try $0.decode(String.self)) }.sorted()
        }
    }

    /// How many times, and how far apart, clearing marks is tried while the database is out of reach.
    static let clearMarksAttempts = 50
    static var clearMarksRetryInterval: Duration { .milliseconds(100) }

    /// Clears one collection's marks, even when the collecting task was cancelled: a mark left behind would
    /// hold up imports of its key until it expired. An outage is waited out for a few seconds; past that the
    /// marks expire by themselves (`CatalogPolicy.collectionMarkLifetime`), or sooner once this process is
    /// gone and a live holder proves it.
    func clearMarks(of collector: String) async {
        let catalog = self
        await Task.detached {
            for _ in 0..<Self.clearMarksAttempts {
                do {
                    try await catalog.withConnection { connection in
                        _ = try await connection.query(
                            "DELETE FROM blob_collection WHERE collector = \(collector)", logger: catalog.logger)
                    }
                    return
                } catch CatalogError.unavailable {
                    try? await Task.sleep(for: Self.clearMarksRetryInterval)
                } catch {
                    catalog.logger.warning("collection marks not cleared", metadata: ["error": "\(error)"])
                    return
                }
            }
        }.value
    }

    public func referencedBlobKeys() async throws -> Set<BlobKey> {
        try await withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT blob_key FROM variant UNION SELECT blob_key FROM sized_variant
                UNION SELECT blob_key FROM trashed_blob
                """, logger: self.logger
            ).collect()
            return Set(try rows.compactMap { BlobKey(hex: try $0.decode(String.self)) })
        }
    }
}
