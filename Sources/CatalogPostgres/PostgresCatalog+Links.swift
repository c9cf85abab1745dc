import Catalog
import PostgresNIO
import VitrineCore

/// Share links; a link without an album keeps its own photos in `link_photo`, walked as an album's are.
extension PostgresCatalog {
    static let linkColumns = """
        slug, album_id, title, created_at, expires_at, password_hash, allows_download, allows_upload, \
        shows_location, views, last_viewed_at, shows_photos
        """

    static func link(from row: PostgresRow) throws -> LinkRecord {
        let (
            slug, albumId, title, createdAt, expiresAt, passwordHash, download, upload, location, views, viewed, shows
        ) =
            try row.decode(
                (String, String?, String, Int64, Int64?, String?, Bool, Bool, Bool, Int64, Int64?, Bool).self)
        return LinkRecord(
            slug: slug, albumId: albumId, title: title, createdAt: createdAt, expiresAt: expiresAt,
            passwordHash: passwordHash, allowsDownload: download, allowsUpload: upload, showsLocation: location,
            showsPhotos: shows, views: Int(clamping: max(0, views)), lastViewedAt: viewed)
    }

    static func link(slug: String, on connection: PostgresConnection, logger: Logger) async throws -> LinkRecord? {
        try await connection.query(
            "SELECT \(unescaped: linkColumns) FROM link WHERE slug = \(slug)", logger: logger
        ).collect(link(from:)).first
    }

    public func createLink(_ link: LinkRecord, photos: PhotoSelection?) async throws {
        try await transaction { connection in
            let logger = self.logger
            let inserted = try await connection.query(
                """
                INSERT INTO link (slug, album_id, title, created_at, expires_at, password_hash, allows_download,
                    allows_upload, shows_location, shows_photos)
                VALUES (\(link.slug), \(link.albumId), \(link.title), \(link.createdAt), \(link.expiresAt),
                    \(link.passwordHash), \(link.allowsDownload), \(link.allowsUpload), \(link.showsLocation),
                    \(link.showsPhotos))
                ON CONFLICT (slug) DO NOTHING RETURNING slug
                """, logger: logger
            ).collect { try $0.decode(String.self) }
            guard !inserted.isEmpty else { throw CatalogError.duplicate(existingID: link.slug) }
            guard let photos, link.albumId == nil else { return }
            var query = QueryBuilder("WITH selected AS (")
            try await Self.appendSelection(photos, to: &query, on: connection, logger: logger)
            query.append(
                ") INSERT INTO link_photo (slug, photo_id, taken_at) SELECT \(query.bind(link.slug))::text, id, "
                    + "taken_at FROM selected ORDER BY id ON CONFLICT DO NOTHING")
            try await connection.query(query.query, logger: logger)
        }
    }

    public func links() async throws -> [LinkRecord] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.linkColumns) FROM link ORDER BY created_at DESC, slug", logger: self.logger
            ).collect(Self.link(from:))
        }
    }

    public func link(slug: String) async throws -> LinkRecord? {
        try await withConnection { connection in try await Self.link(slug: slug, on: connection, logger: self.logger) }
    }

    public func updateLink(_ link: LinkRecord) async throws -> Bool {
        try await withConnection { connection in
            try await !connection.query(
                """
                UPDATE link SET title = \(link.title), expires_at = \(link.expiresAt),
                    password_hash = \(link.passwordHash), allows_download = \(link.allowsDownload),
                    allows_upload = \(link.allowsUpload), shows_location = \(link.showsLocation),
                    shows_photos = \(link.showsPhotos)
                WHERE slug = \(link.slug) RETURNING slug
                """, logger: self.logger
            ).collect { try $0.decode(String.self) }.isEmpty
        }
    }

    public func deleteLink(slug: String) async throws -> Bool {
        try await withConnection { connection in
            try await !connection.query(
                "DELETE FROM link WHERE slug = \(slug) RETURNING slug", logger: self.logger
            ).collect { try $0.decode(String.self) }.isEmpty
        }
    }

    public func recordView(slug: String, at: Int64) async throws {
        try await withConnection { connection in
            try await connection.query(
                // Never past bigint's largest: the sum would fail the statement.
                """
                UPDATE link SET views = CASE WHEN views < 9223372036854775807 THEN views + 1 ELSE views END,
                    last_viewed_at = \(at) WHERE slug = \(slug)
                """, logger: self.logger)
        }
    }

    public func linkVariant(slug: String, blobKey: BlobKey) async throws -> VariantRecord? {
        try await withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.variantColumns) FROM variant WHERE blob_key = \(blobKey.hex) AND (
                    EXISTS (SELECT 1 FROM link_photo WHERE slug = \(slug) AND photo_id = variant.photo_id)
                    OR EXISTS (SELECT 1 FROM link JOIN album_photo ON album_photo.album_id = link.album_id
                               WHERE link.slug = \(slug) AND album_photo.photo_id = variant.photo_id))
                LIMIT 1
                """, logger: self.logger
            ).collect { try Self.variant(from: $0) }.compactMap { $0 }.first
        }
    }

    public func linkShares(slug: String, photoId: String) async throws -> Bool {
        try await withConnection { connection in
            try await !connection.query(
                """
                SELECT 1 WHERE EXISTS (SELECT 1 FROM link_photo WHERE slug = \(slug) AND photo_id = \(photoId))
                    OR EXISTS (SELECT 1 FROM link JOIN album_photo ON album_photo.album_id = link.album_id
                               WHERE link.slug = \(slug) AND album_photo.photo_id = \(photoId))
                """, logger: self.logger
            ).collect { _ in true }.isEmpty
        }
    }
}
