import Catalog
import GRDB
import VitrineCore

/// Share links; a link without an album keeps its own photos in `linkPhoto`, walked as an album's are.
extension SQLiteCatalog {
    static let linkColumns = """
        slug, albumId, title, createdAt, expiresAt, passwordHash, allowsDownload, allowsUpload, showsLocation, \
        \(integer("views")), lastViewedAt, showsPhotos
        """

    static func link(from row: Row) -> LinkRecord {
        LinkRecord(
            slug: row[0], albumId: row[1], title: row[2], createdAt: row[3], expiresAt: row[4], passwordHash: row[5],
            allowsDownload: row[6], allowsUpload: row[7], showsLocation: row[8], showsPhotos: row[11],
            views: max(0, row[9] as Int), lastViewedAt: row[10])
    }

    public func createLink(_ link: LinkRecord, photos: PhotoSelection?) async throws {
        try await write { db in
            guard try Self.link(slug: link.slug, in: db) == nil else {
                throw CatalogError.duplicate(existingID: link.slug)
            }
            try db.execute(
                sql: """
                    INSERT INTO link (slug, albumId, title, createdAt, expiresAt, passwordHash, allowsDownload,
                        allowsUpload, showsLocation, showsPhotos)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    link.slug, link.albumId, link.title, link.createdAt, link.expiresAt, link.passwordHash,
                    link.allowsDownload, link.allowsUpload, link.showsLocation, link.showsPhotos,
                ])
            if let photos, link.albumId == nil {
                try Self.select(photos, in: db)
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO linkPhoto (slug, photoId, takenAt)
                        SELECT ?, photoId, takenAt FROM selected
                        """, arguments: [link.slug])
            }
        }
    }

    public func links() async throws -> [LinkRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.linkColumns) FROM link ORDER BY createdAt DESC, slug")
                .map(Self.link(from:))
        }
    }

    public func link(slug: String) async throws -> LinkRecord? {
        try await read { db in try Self.link(slug: slug, in: db) }
    }

    static func link(slug: String, in db: Database) throws -> LinkRecord? {
        try Row.fetchOne(db, sql: "SELECT \(linkColumns) FROM link WHERE slug = ?", arguments: [slug])
            .map(link(from:))
    }

    public func updateLink(_ link: LinkRecord) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE link SET title = ?, expiresAt = ?, passwordHash = ?, allowsDownload = ?, allowsUpload = ?,
                        showsLocation = ?, showsPhotos = ?
                    WHERE slug = ?
                    """,
                arguments: [
                    link.title, link.expiresAt, link.passwordHash, link.allowsDownload, link.allowsUpload,
                    link.showsLocation, link.showsPhotos, link.slug,
                ])
            return db.changesCount > 0
        }
    }

    public func deleteLink(slug: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM link WHERE slug = ?", arguments: [slug])
            return db.changesCount > 0
        }
    }

    public func recordView(slug: String, at: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE link SET views = \(Self.incremented("views")), lastViewedAt = ? WHERE slug = ?",
                arguments: [at, slug])
        }
    }

    public func linkVariant(slug: String, blobKey: BlobKey) async throws -> VariantRecord? {
        try await read { db in
            try VariantRecord.fetchOne(
                db,
                sql: """
                    SELECT * FROM variant WHERE blobKey = ?1 AND (
                        EXISTS (SELECT 1 FROM linkPhoto WHERE slug = ?2 AND photoId = variant.photoId)
                        OR EXISTS (SELECT 1 FROM link JOIN albumPhoto ON albumPhoto.albumId = link.albumId
                                   WHERE link.slug = ?2 AND albumPhoto.photoId = variant.photoId))
                    LIMIT 1
                    """, arguments: [blobKey, slug])
        }
    }

    public func linkShares(slug: String, photoId: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM linkPhoto WHERE slug = ?1 AND photoId = ?2)
                        OR EXISTS (SELECT 1 FROM link JOIN albumPhoto ON albumPhoto.albumId = link.albumId
                                   WHERE link.slug = ?1 AND albumPhoto.photoId = ?2)
                    """, arguments: [slug, photoId]) ?? false
        }
    }
}
