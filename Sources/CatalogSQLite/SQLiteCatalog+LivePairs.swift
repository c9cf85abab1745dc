import Catalog
import GRDB
import VitrineCore

extension SQLiteCatalog {
    /// Serialised by SQLite's single writer: a part recorded after another sees it.
    public func recordLivePart(_ part: LivePart, identifier: String, photoId: String) async throws -> String? {
        try await write { db in
            guard try PhotoRecord.exists(db, key: photoId) else { return nil }
            try db.execute(
                sql: "INSERT OR REPLACE INTO livePart (photoId, identifier, part) VALUES (?, ?, ?)",
                arguments: [photoId, identifier, part.rawValue])
            let sql =
                part == .clip
                ? """
                SELECT livePart.photoId FROM livePart
                WHERE identifier = ? AND part = 'still' AND NOT EXISTS (
                    SELECT 1 FROM variant WHERE variant.photoId = livePart.photoId AND variant.kind = 'motion')
                ORDER BY photoId LIMIT 1
                """
                : "SELECT photoId FROM livePart WHERE identifier = ? AND part = 'clip' ORDER BY photoId LIMIT 1"
            return try String.fetchOne(db, sql: sql, arguments: [identifier])
        }
    }

    public func attachMotion(
        clip clipId: String, toStill stillId: String, jobs: [JobRequest], now: Int64
    ) async throws -> [BlobKey]? {
        try JobLimits.check(jobs)
        return try await write { db in
            guard let still = try PhotoRecord.fetchOne(db, key: stillId), still.kind == .photo,
                let clip = try PhotoRecord.fetchOne(db, key: clipId), clip.kind == .video,
                try !VariantRecord.exists(db, key: ["photoId": stillId, "kind": VariantKind.motion.rawValue]),
                var motion = try VariantRecord.fetchOne(
                    db, key: ["photoId": clipId, "kind": VariantKind.original.rawValue])
            else { return nil }
            let web = try VariantRecord.fetchOne(db, key: ["photoId": clipId, "kind": VariantKind.webVideo.rawValue])
            let keys = try Self.blobKeys(of: clipId, in: db)
            try Self.removeRows(of: clip, in: db)
            (motion.photoId, motion.kind) = (stillId, .motion)
            try motion.insert(db)
            if var web {
                (web.photoId, web.kind) = (stillId, .motionWeb)
                try web.insert(db)
            }
            try db.execute(sql: "UPDATE photo SET updatedAt = ? WHERE id = ?", arguments: [Self.now, stillId])
            try Self.recordChange(.update, photoId: stillId, takenAt: still.takenAt, in: db)
            _ = try Self.enqueueRows(jobs, now: now, in: db)
            return keys
        }
    }

    public func stillHolding(motion key: BlobKey) async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT photoId FROM variant WHERE blobKey = ? AND kind = ? LIMIT 1",
                arguments: [key, VariantKind.motion.rawValue])
        }
    }
}
