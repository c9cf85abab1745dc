import Catalog
import GRDB

extension SQLiteCatalog {
    /// Appends to the live feed inside the transaction that made the change, so the feed and the catalog
    /// can never disagree, whichever process wrote.
    static func recordChange(_ kind: ChangeEvent.Kind, photoId: String, takenAt: Int64, in db: Database) throws {
        var event = ChangeEvent(
            kind: kind, photoId: photoId, sortTakenAt: takenAt, at: now)
        try event.insert(db)
        if let seq = event.seq, seq % 512 == 0 {
            try db.execute(
                sql: "DELETE FROM changeEvent WHERE seq <= ?", arguments: [seq - CatalogPolicy.retainedChanges])
        }
    }

    /// The newest sequence number, 0 when nothing ever changed.
    public func latestChangeSeq() async throws -> Int64 {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changeEvent") ?? 0 }
    }

    /// Changes after `seq`, oldest first; nil when events after `seq` were already pruned, so the caller
    /// cannot resume without a gap.
    public func changes(after seq: Int64, limit: Int) async throws -> [ChangeEvent]? {
        try await read { db in
            let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changeEvent")
            let latest = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changeEvent") ?? 0
            // `seq < oldest` first: it keeps `seq + 1` from overflowing.
            if let oldest, seq < oldest, seq + 1 < oldest { return nil }
            if seq > latest { return nil }
            return try ChangeEvent.filter(Column("seq") > seq).order(Column("seq")).limit(limit).fetchAll(db)
        }
    }
}
