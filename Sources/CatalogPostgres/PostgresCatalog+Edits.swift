import Catalog
import Foundation
import PostgresNIO
import VitrineCore

extension PostgresCatalog {
    /// Applies an edit in one transaction with its search vector and its feed entry; nil when the photo is gone.
    public func update(id: String, _ edit: CatalogEdit) async throws -> PhotoWithVariants? {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard var photo = try await Self.lockedPhoto(id: id, on: connection, logger: logger) else { return nil }
            if let title = edit.title {
                let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines)
                photo.title = (trimmed?.isEmpty ?? true) ? nil : trimmed
            }
            photo.updatedAt = Self.now
            if let tags = edit.tags {
                let previous = try await Self.tagIds(of: id, on: connection, logger: logger)
                try await connection.query("DELETE FROM photo_tag WHERE photo_id = \(id)", logger: logger)
                try await Self.attach([(id, PhotoTags.normalized(tags))], on: connection, logger: logger)
                try await Self.removeUnused(tagIds: previous, on: connection, logger: logger)
            }
            try await connection.query(
                "UPDATE photo SET title = \(photo.title), updated_at = \(photo.updatedAt) WHERE id = \(id)",
                logger: logger)
            try await Self.refreshSearch(photoId: id, on: connection, logger: logger)
            try await Self.recordChange(.update, photoId: id, takenAt: photo.takenAt, on: connection, logger: logger)
            let variants = try await Self.variants(of: [id], on: connection, logger: logger)
            return PhotoWithVariants(photo: photo, variants: variants[id] ?? [:])
        }
    }

    /// Removes a photo with its variants' rows, tags, counters and search data (one row: the vector is a
    /// column of the photo) in one transaction. Returns the blob keys it pointed at; nil when there was no
    /// such photo.
    public func delete(id: String) async throws -> [BlobKey]? {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard
                let takenAt = try await connection.query(
                    "SELECT taken_at FROM photo WHERE id = \(id) FOR UPDATE", logger: logger
                ).collect({ try $0.decode(Int64.self) }).first
            else { return nil }
            let keys = try await connection.query(
                """
                SELECT blob_key FROM variant WHERE photo_id = \(id)
                UNION SELECT blob_key FROM sized_variant WHERE photo_id = \(id)
                """, logger: logger
            ).collect { try $0.decode(String.self) }.compactMap(BlobKey.init(hex:))
            try await Self.removeRows(id: id, takenAt: takenAt, on: connection, logger: logger)
            return keys
        }
    }

    /// Drops a photo's row (variants, sizes, tag links and the compat row go with it: ON DELETE CASCADE), its
    /// album memberships (which have no foreign key, migration v12) and the tags no photo uses any more,
    /// and announces the delete. Call with the feed locked.
    static func removeRows(id: String, takenAt: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        let tagIds = try await tagIds(of: id, on: connection, logger: logger)
        try await connection.query("DELETE FROM album_photo WHERE photo_id = \(id)", logger: logger)
        try await connection.query("DELETE FROM photo WHERE id = \(id)", logger: logger)
        try await removeUnused(tagIds: tagIds, on: connection, logger: logger)
        try await recordChange(.delete, photoId: id, takenAt: takenAt, on: connection, logger: logger)
    }

    /// Records a variant made after import, whose blob `leaseOwner` leased and wrote, dropping the lease in
    /// the same transaction (whatever the outcome) and announcing the photo as updated. False when the photo
    /// was deleted meanwhile or already has that kind.
    public func addVariant(_ record: VariantRecord, leaseOwner: String, announces: Bool) async throws -> Bool {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            try await Self.releaseLeases(owner: leaseOwner, on: connection, logger: logger)
            guard
                let takenAt = try await connection.query(
                    "SELECT taken_at FROM photo WHERE id = \(record.photoId) FOR SHARE", logger: logger
                ).collect({ try $0.decode(Int64.self) }).first
            else { return false }
            let added = try await connection.query(
                """
                INSERT INTO variant (photo_id, kind, blob_key, mime_type, width, height, byte_size)
                VALUES (\(record.photoId), \(record.kind.rawValue), \(record.blobKey.hex), \(record.mimeType),
                    \(record.width)::integer, \(record.height)::integer, \(record.byteSize))
                ON CONFLICT (photo_id, kind) DO NOTHING RETURNING photo_id
                """, logger: logger
            ).collect { try $0.decode(String.self) }
            guard !added.isEmpty else { return false }
            if announces {
                try await Self.recordChange(
                    .update, photoId: record.photoId, takenAt: takenAt, on: connection, logger: logger)
            }
            return true
        }
    }

    public func settleRender(photoId: String, appearance: PhotoAppearance?) async throws -> Bool {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            let now = EpochMilliseconds.now
            let takenAt: [Int64]
            if let appearance {
                takenAt = try await connection.query(
                    """
                    UPDATE photo SET status = 'ready', thumb_hash = \(ByteBuffer(bytes: appearance.thumbHash)),
                        average_color = \(appearance.averageColor), colorfulness = \(appearance.colorfulness),
                        updated_at = \(now)
                    WHERE id = \(photoId) AND status <> 'ready' RETURNING taken_at
                    """, logger: logger
                ).collect { try $0.decode(Int64.self) }
            } else {
                takenAt = try await connection.query(
                    """
                    UPDATE photo SET status = 'failed', updated_at = \(now)
                    WHERE id = \(photoId) AND status = 'processing' RETURNING taken_at
                    """, logger: logger
                ).collect { try $0.decode(Int64.self) }
            }
            guard let sortTakenAt = takenAt.first else { return false }
            try await Self.recordChange(.update, photoId: photoId, takenAt: sortTakenAt, on: connection, logger: logger)
            return true
        }
    }
}

extension PostgresCatalog {
    /// Rewrites a photo's search vector from its record and tags; call in the transaction that changed them.
    static func refreshSearch(photoId: String, on connection: PostgresConnection, logger: Logger) async throws {
        guard
            let photo = try await connection.query(
                "SELECT \(unescaped: photoColumns) FROM photo WHERE id = \(photoId)", logger: logger
            ).collect(photo(from:)).first
        else { return }
        let document = searchDocument(photo, tags: try await tags(of: photoId, on: connection, logger: logger))
        try await connection.query(
            """
            UPDATE photo SET search = vitrine_search_vector(\(document.words)::text[], \(document.weights)::text[])
            WHERE id = \(photoId)
            """, logger: logger)
    }
}

extension PostgresCatalog {
    /// A photo's row, locked for the rest of the transaction; nil when there is none.
    static func lockedPhoto(id: String, on connection: PostgresConnection, logger: Logger) async throws -> PhotoRecord?
    {
        try await connection.query(
            "SELECT \(unescaped: photoColumns) FROM photo WHERE id = \(id) FOR UPDATE", logger: logger
        ).collect(photo(from:)).first
    }
}
