import Catalog
import PostgresNIO
import VitrineCore

extension PostgresCatalog {
    /// Serialised per identifier by a transaction-scoped advisory lock on its hash: two parts recorded at once
    /// on two servers would otherwise each miss the other's uncommitted row.
    public func recordLivePart(_ part: LivePart, identifier: String, photoId: String) async throws -> String? {
        try await transaction { connection in
            let logger = self.logger
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\(identifier), \(Self.livePartLockSeed)))",
                logger: logger)
            guard
                try await !connection.query("SELECT 1 FROM photo WHERE id = \(photoId)", logger: logger)
                    .collect({ try $0.decode(Int.self) }).isEmpty
            else { return nil }
            try await connection.query(
                """
                INSERT INTO live_part (photo_id, identifier, part) VALUES (\(photoId), \(identifier), \(part.rawValue))
                ON CONFLICT (photo_id) DO UPDATE SET identifier = excluded.identifier, part = excluded.part
                """, logger: logger)
            let query: PostgresQuery =
                part == .clip
                ? """
                SELECT live_part.photo_id FROM live_part
                WHERE identifier = \(identifier) AND part = 'still' AND NOT EXISTS (
                    SELECT 1 FROM variant WHERE variant.photo_id = live_part.photo_id AND variant.kind = 'motion')
                ORDER BY photo_id LIMIT 1
                """
                : """
                SELECT photo_id FROM live_part WHERE identifier = \(identifier) AND part = 'clip'
                ORDER BY photo_id LIMIT 1
                """
            return try await connection.query(query, logger: logger).collect { try $0.decode(String.self) }.first
        }
    }

    /// Tells this lock's hashes from those of other advisory locks on the same database.
    static let livePartLockSeed: Int64 = 0x4C49_5645  // "LIVE"

    public func attachMotion(
        clip clipId: String, toStill stillId: String, jobs: [JobRequest], now: Int64
    ) async throws -> [BlobKey]? {
        try JobLimits.check(jobs)
        return try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard let still = try await Self.lockedPhoto(id: stillId, on: connection, logger: logger),
                still.kind == .photo,
                let clip = try await Self.lockedPhoto(id: clipId, on: connection, logger: logger), clip.kind == .video
            else { return nil }
            let variants = try await Self.variants(of: [stillId, clipId], on: connection, logger: logger)
            guard variants[stillId]?[.motion] == nil, variants[clipId]?[.original] != nil else { return nil }
            let keys = try await connection.query(
                """
                SELECT blob_key FROM variant WHERE photo_id = \(clipId)
                UNION SELECT blob_key FROM sized_variant WHERE photo_id = \(clipId)
                """, logger: logger
            ).collect { try $0.decode(String.self) }.compactMap(BlobKey.init(hex:))
            try await connection.query(
                """
                INSERT INTO variant (photo_id, kind, blob_key, mime_type, width, height, byte_size)
                SELECT \(stillId), CASE kind WHEN 'original' THEN 'motion' ELSE 'motion-web' END, blob_key,
                    mime_type, width, height, byte_size
                FROM variant WHERE photo_id = \(clipId) AND kind IN ('original', 'video-web')
                """, logger: logger)
            try await Self.removeRows(id: clipId, takenAt: clip.takenAt, on: connection, logger: logger)
            try await connection.query(
                "UPDATE photo SET updated_at = \(Self.now) WHERE id = \(stillId)", logger: logger)
            try await Self.recordChange(
                .update, photoId: stillId, takenAt: still.takenAt, on: connection, logger: logger)
            _ = try await Self.enqueue(jobs, now: now, on: connection, logger: logger)
            return keys
        }
    }

    public func stillHolding(motion key: BlobKey) async throws -> String? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT photo_id FROM variant WHERE blob_key = \(key.hex) AND kind = 'motion' LIMIT 1",
                logger: self.logger
            ).collect { try $0.decode(String.self) }.first
        }
    }
}
