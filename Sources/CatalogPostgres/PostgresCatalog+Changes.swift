import Catalog
import PostgresNIO

/// The live feed in `change_event`. Every transaction that writes photos first takes the feed's
/// transaction-scoped advisory lock (`lockFeed`), so writers run one at a time, feed rows commit in `seq`
/// order (a reader resuming after a sequence number never skips one that committed late), and NOTIFY wakes
/// every process's observers at commit.
extension PostgresCatalog: ChangeFeed {
    /// Identifies the feed's lock among the advisory locks other software may take on the database.
    public static let feedLockKey: Int64 = 0x5649_5452_494E_4546  // "VITRINEF"

    /// The channel every feed-appending transaction notifies.
    static let changeChannel = "vitrine_changes"

    /// Takes the feed's lock for the rest of the transaction; call first in every transaction that writes
    /// photos, variants or tags.
    static func lockFeed(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(feedLockKey))", logger: logger)
    }

    /// Appends to the feed inside the transaction that made the change (holding `lockFeed`), prunes it past
    /// `CatalogPolicy.retainedChanges` as `SQLiteCatalog` does, and notifies observers (delivered at commit).
    static func recordChange(
        _ kind: ChangeEvent.Kind, photoId: String, takenAt: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let seq =
            try await connection.query(
                """
                INSERT INTO change_event (kind, photo_id, sort_taken_at, at)
                VALUES (\(kind.rawValue), \(photoId), \(takenAt), \(now)) RETURNING seq
                """, logger: logger
            ).collect { try $0.decode(Int64.self) }.first ?? 0
        if seq % 512 == 0 {
            try await connection.query(
                "DELETE FROM change_event WHERE seq <= \(seq - CatalogPolicy.retainedChanges)", logger: logger)
        }
        try await connection.query("NOTIFY vitrine_changes", logger: logger)
    }

    /// The newest sequence number, 0 when nothing ever changed.
    public func latestChangeSeq() async throws -> Int64 {
        try await withConnection { connection in
            try await connection.query("SELECT coalesce(max(seq), 0) FROM change_event", logger: self.logger)
                .collect { try $0.decode(Int64.self) }.first ?? 0
        }
    }

    /// Changes after `seq`, oldest first; nil when events after `seq` were already pruned (the caller cannot
    /// resume without a gap) or `seq` is ahead of the feed. One statement, so the bounds and the events come
    /// from the same snapshot.
    public func changes(after seq: Int64, limit: Int) async throws -> [ChangeEvent]? {
        try await withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT bounds.oldest, bounds.latest, event.seq, event.kind, event.photo_id, event.sort_taken_at,
                       event.at
                FROM (SELECT min(seq) AS oldest, coalesce(max(seq), 0) AS latest FROM change_event) AS bounds
                LEFT JOIN LATERAL (
                    SELECT * FROM change_event WHERE change_event.seq > \(seq) ORDER BY change_event.seq
                    LIMIT \(max(0, limit))
                ) AS event ON true
                """, logger: self.logger
            ).collect {
                try $0.decode((Int64?, Int64, Int64?, String?, String?, Int64?, Int64?).self)
            }
            guard let first = rows.first else { return [] }
            // `seq < oldest` first: it keeps `seq + 1` from overflowing.
            if let oldest = first.0, seq < oldest, seq + 1 < oldest { return nil }
            if seq > first.1 { return nil }
            return rows.compactMap { row in
                guard let eventSeq = row.2, let kindText = row.3, let kind = ChangeEvent.Kind(rawValue: kindText),
                    let photoId = row.4, let takenAt = row.5, let at = row.6
                else { return nil }
                return ChangeEvent(seq: eventSeq, kind: kind, photoId: photoId, sortTakenAt: takenAt, at: at)
            }
        }
    }
}
