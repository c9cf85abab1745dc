import Catalog
import Foundation
import PostgresNIO
import VitrineCore

/// The trash: a trashed photo leaves the `photo` table (so every read, count and index forgets it at once)
/// for one `trashed_photo` row, and its variants' blobs stay referenced by `trashed_blob` until the purge.
extension PostgresCatalog {
    public func trash(id: String) async throws -> [BlobKey]? {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard let photo = try await Self.lockedPhoto(id: id, on: connection, logger: logger) else { return nil }
            let variants = try await Self.variants(of: [id], on: connection, logger: logger)[id] ?? [:]
            let counters = try await connection.query(
                "SELECT views, downloads, number FROM photo_compat WHERE photo_id = \(id)", logger: logger
            ).collect { try $0.decode((Int, Int, Int64).self) }.first
            let sets = try await Self.sets(of: id, on: connection, logger: logger)
            let links = try await connection.query(
                "SELECT slug FROM link_photo WHERE photo_id = \(id) ORDER BY slug", logger: logger
            ).collect { try $0.decode(String.self) }
            let trashed = TrashedPhoto(
                item: PhotoWithVariants(photo: photo, variants: variants),
                tags: try await Self.tags(of: id, on: connection, logger: logger), views: counters?.0 ?? 0,
                downloads: counters?.1 ?? 0, compatNumber: counters?.2, favorite: sets.favorite, albums: sets.albums,
                links: links, trashedAt: Self.now)
            let sizes = try await connection.query(
                "SELECT blob_key FROM sized_variant WHERE photo_id = \(id)", logger: logger
            ).collect { try $0.decode(String.self) }.compactMap(BlobKey.init(hex:))
            let document = try TrashedPhotoDocument(trashed).encoded()
            try await connection.query(
                """
                INSERT INTO trashed_photo (id, content_hash, trashed_at, document)
                VALUES (\(id), \(photo.contentHash), \(trashed.trashedAt), \(document))
                ON CONFLICT (id) DO UPDATE SET content_hash = EXCLUDED.content_hash,
                    trashed_at = EXCLUDED.trashed_at, document = EXCLUDED.document
                """, logger: logger)
            let keys = Set(variants.values.map(\.blobKey.hex)).sorted()
            try await connection.query(
                """
                INSERT INTO trashed_blob (photo_id, blob_key) SELECT \(id), key FROM unnest(\(keys)::text[]) AS key
                ON CONFLICT DO NOTHING
                """, logger: logger)
            try await Self.removeRows(id: id, takenAt: photo.takenAt, on: connection, logger: logger)
            for album in sets.albums {
                try await connection.query(
                    "UPDATE album SET updated_at = \(Self.now) WHERE id = \(album)", logger: logger)
                try await Self.recordChange(.album, photoId: album, takenAt: 0, on: connection, logger: logger)
            }
            return sizes
        }
    }

    public func trashPage(after cursor: PageCursor?, limit: Int) async throws -> TrashPage {
        try await withConnection { connection in
            let logger = self.logger
            let take = max(0, limit) + 1
            let query: PostgresQuery =
                if let cursor {
                    """
                    SELECT trashed_at, id, document FROM trashed_photo WHERE (trashed_at, id) < (\(cursor.takenAt), \(cursor.id))
                    ORDER BY trashed_at DESC, id DESC LIMIT \(take)
                    """
                } else {
                    "SELECT trashed_at, id, document FROM trashed_photo ORDER BY trashed_at DESC, id DESC LIMIT \(take)"
                }
            let rows = try await connection.query(query, logger: logger).collect {
                let (trashedAt, id, document) = try $0.decode((Int64, String, String).self)
                return (cursor: PageCursor(takenAt: trashedAt, id: id), document: document)
            }
            let total =
                try await connection.query("SELECT COUNT(*) FROM trashed_photo", logger: logger)
                .collect { try $0.decode(Int.self) }.first ?? 0
            return TrashPage(rows: rows, limit: limit, total: total)
        }
    }

    public func trashedPhoto(id: String) async throws -> TrashedPhoto? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT trashed_at, document FROM trashed_photo WHERE id = \(id)", logger: self.logger
            ).collect { try $0.decode((Int64, String).self) }.first
                .flatMap { row in TrashedPhotoDocument.decode(row.1).map { $0.trashed(at: row.0) } }
        }
    }

    public func restore(id: String) async throws -> RestoreOutcome? {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard
                let text = try await connection.query(
                    "DELETE FROM trashed_photo WHERE id = \(id) RETURNING document", logger: logger
                ).collect({ try $0.decode(String.self) }).first,
                let document = TrashedPhotoDocument.decode(text)
            else { return nil }
            if let live = try await connection.query(
                "SELECT id, taken_at FROM photo WHERE content_hash = \(document.photo.contentHash) FOR UPDATE",
                logger: logger
            ).collect({ try $0.decode((String, Int64).self) }).first {
                try await Self.attach([(live.0, PhotoTags.normalized(document.tags))], on: connection, logger: logger)
                let kinds = try await connection.query(
                    "SELECT kind FROM variant WHERE photo_id = \(live.0)", logger: logger
                ).collect { try $0.decode(String.self) }
                for variant in document.carried(into: live.0, besides: Set(kinds.compactMap(VariantKind.init))) {
                    try await connection.query(
                        """
                        INSERT INTO variant (photo_id, kind, blob_key, mime_type, width, height, byte_size)
                        VALUES (\(variant.photoId), \(variant.kind.rawValue), \(variant.blobKey.hex),
                            \(variant.mimeType), \(variant.width)::integer, \(variant.height)::integer,
                            \(variant.byteSize))
                        ON CONFLICT (photo_id, kind) DO NOTHING
                        """, logger: logger)
                }
                try await Self.refreshSearch(photoId: live.0, on: connection, logger: logger)
                try await Self.recordChange(.update, photoId: live.0, takenAt: live.1, on: connection, logger: logger)
                try await Self.rejoin(document, photoId: live.0, on: connection, logger: logger)
                // What named the trashed photo names the live one: an album's cover, a link's upload log.
                try await connection.query(
                    "UPDATE album SET cover_photo_id = \(live.0) WHERE cover_photo_id = \(id)", logger: logger)
                try await connection.query(
                    """
                    UPDATE link_upload SET photo_id = \(live.0) WHERE photo_id = \(id) AND NOT EXISTS
                        (SELECT 1 FROM link_upload kept WHERE kept.slug = link_upload.slug AND kept.photo_id = \(live.0))
                    """, logger: logger)
                return .merged(into: live.0)
            }
            let entry = (photo: document.photo, variants: document.variants, tags: PhotoTags.normalized(document.tags))
            _ = try await Self.insertRows([entry], skippingDuplicates: false, on: connection, logger: logger)
            try await connection.query(
                """
                UPDATE photo_compat SET views = \(document.views), downloads = \(document.downloads)
                WHERE photo_id = \(id)
                """, logger: logger)
            // Its public number back, unless another photo took it meanwhile.
            if let number = document.number {
                try await connection.query(
                    """
                    UPDATE photo_compat SET number = \(number) WHERE photo_id = \(id)
                    AND NOT EXISTS (SELECT 1 FROM photo_compat WHERE number = \(number))
                    """, logger: logger)
            }
            try await Self.recordChange(
                .insert, photoId: id, takenAt: document.photo.takenAt, on: connection, logger: logger)
            try await Self.rejoin(document, photoId: id, on: connection, logger: logger)
            return .restored
        }
    }

    public func purgeTrash(trashedBefore cutoff: Int64?) async throws -> [BlobKey] {
        try await transaction { connection in
            let query: PostgresQuery =
                if let cutoff {
                    """
                    WITH gone AS (DELETE FROM trashed_photo WHERE trashed_at < \(cutoff) RETURNING id)
                    SELECT DISTINCT blob_key FROM trashed_blob WHERE photo_id IN (SELECT id FROM gone)
                    """
                } else {
                    """
                    WITH gone AS (DELETE FROM trashed_photo RETURNING id)
                    SELECT DISTINCT blob_key FROM trashed_blob WHERE photo_id IN (SELECT id FROM gone)
                    """
                }
            return try await connection.query(query, logger: self.logger)
                .collect { try $0.decode(String.self) }.compactMap(BlobKey.init(hex:))
        }
    }

    /// Puts a restored photo back among the favourites, and in the albums and links it was in that still
    /// exist.
    static func rejoin(
        _ document: TrashedPhotoDocument, photoId: String, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO link_photo (slug, photo_id, taken_at)
            SELECT link.slug, photo.id, photo.taken_at FROM link, photo
            WHERE link.slug = ANY(\(document.links ?? [])::text[]) AND photo.id = \(photoId)
            ON CONFLICT DO NOTHING
            """, logger: logger)
        if document.favorite == true {
            try await connection.query(
                """
                INSERT INTO favorite (photo_id, taken_at) SELECT id, taken_at FROM photo WHERE id = \(photoId)
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
        let albums = try await connection.query(
            """
            INSERT INTO album_photo (album_id, photo_id, taken_at)
            SELECT album.id, photo.id, photo.taken_at FROM album, photo
            WHERE album.id = ANY(\(document.albums ?? [])::text[]) AND photo.id = \(photoId)
            ON CONFLICT DO NOTHING RETURNING album_id
            """, logger: logger
        ).collect { try $0.decode(String.self) }
        for album in albums {
            try await connection.query("UPDATE album SET updated_at = \(now) WHERE id = \(album)", logger: logger)
            try await recordChange(.album, photoId: album, takenAt: 0, on: connection, logger: logger)
        }
    }
}
