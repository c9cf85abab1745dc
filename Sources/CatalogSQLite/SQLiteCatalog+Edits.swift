import Catalog
import Foundation
import GRDB
import VitrineCore

extension SQLiteCatalog {
    /// Applies an edit in one transaction with its search row and its feed entry; nil when the photo is gone.
    public func update(id: String, _ edit: CatalogEdit) async throws -> PhotoWithVariants? {
        try await write { db in
            guard var photo = try PhotoRecord.fetchOne(db, key: id) else { return nil }
            if let title = edit.title {
                let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines)
                photo.title = (trimmed?.isEmpty ?? true) ? nil : trimmed
            }
            photo.updatedAt = Self.now
            try photo.update(db)
            if let tags = edit.tags {
                try db.execute(sql: "DELETE FROM photoTag WHERE photoId = ?", arguments: [id])
                try Self.attach(tags: tags, to: id, in: db)
                try Self.removeUnusedTags(in: db)
            }
            try Self.refreshSearchRow(photoId: id, in: db)
            try Self.recordChange(.update, photoId: id, takenAt: photo.takenAt, in: db)
            return PhotoWithVariants(photo: photo, variants: try Self.variants(of: [id], in: db)[id] ?? [:])
        }
    }

    /// Removes a photo, its variants' rows, tags and search row in one transaction.
    ///
    /// Returns the blob keys it pointed at; pass them to `collectGarbage` once this has returned.
    /// Nil when there was no such photo.
    public func delete(id: String) async throws -> [BlobKey]? {
        try await write { db in
            guard let photo = try PhotoRecord.fetchOne(db, key: id) else { return nil }
            let keys = try Self.blobKeys(of: id, in: db)
            try Self.removeRows(of: photo, in: db)
            return keys
        }
    }

    /// Every blob a photo's rows point at: its variants' and its sizes'.
    static func blobKeys(of id: String, in db: Database) throws -> [BlobKey] {
        try BlobKey.fetchAll(
            db,
            sql:
                "SELECT blobKey FROM variant WHERE photoId = ? UNION SELECT blobKey FROM sizedVariant WHERE photoId = ?",
            arguments: [id, id])
    }

    /// Drops a photo's rows (variants, sizes, tags, compat row and search row go with it) and announces the
    /// delete.
    static func removeRows(of photo: PhotoRecord, in db: Database) throws {
        guard let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM photo WHERE id = ?", arguments: [photo.id])
        else { return }
        // Same transaction: SQLite may hand this rowid to the next photo, which must not inherit the row.
        try db.execute(sql: "DELETE FROM photoSearch WHERE rowid = ?", arguments: [rowid])
        _ = try PhotoRecord.deleteOne(db, key: photo.id)
        try removeUnusedTags(in: db)
        try recordChange(.delete, photoId: photo.id, takenAt: photo.takenAt, in: db)
    }

    static func removeUnusedTags(in db: Database) throws {
        try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tagId FROM photoTag)")
    }
}

// MARK: - Variants made after import

extension SQLiteCatalog {
    /// How many photos have a variant of `kind` (a scan of the variant key's index: tens of milliseconds
    /// for 100 000 photos, where finding the photos without one takes a probe per photo).
    public func count(of kind: VariantKind) async throws -> Int {
        try await read { db in try VariantRecord.filter(Column("kind") == kind.rawValue).fetchCount(db) }
    }

    /// Up to `limit` photos without a variant of `kind`, newest first, after `cursor` (keyset order, so a
    /// pass over a large catalog reads each photo once).
    public func photos(
        missing kind: VariantKind, after cursor: PageCursor?, limit: Int
    ) async throws -> [PhotoWithVariants] {
        try await read { db in
            var request = PhotoRecord.filter(
                sql: "NOT EXISTS (SELECT 1 FROM variant WHERE variant.photoId = photo.id AND variant.kind = ?)",
                arguments: [kind.rawValue])
            if let cursor {
                request = request.filter(sql: "(takenAt, id) < (?, ?)", arguments: [cursor.takenAt, cursor.id])
            }
            let photos = try request.order(Column("takenAt").desc, Column("id").desc).limit(limit).fetchAll(db)
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            return photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) }
        }
    }

    /// Records a variant made after import, whose blob `leaseOwner` leased and wrote, dropping the lease in
    /// the same transaction and announcing the photo as updated (clients and the index page pick up the new
    /// file). False when the photo was deleted meanwhile (the blob is then an orphan for collection) or
    /// already has that kind.
    public func addVariant(_ record: VariantRecord, leaseOwner: String, announces: Bool) async throws -> Bool {
        try await write { db in
            defer { try? Self.releaseLeases(owner: leaseOwner, in: db) }
            guard let photo = try PhotoRecord.fetchOne(db, key: record.photoId),
                try !VariantRecord.exists(db, key: ["photoId": record.photoId, "kind": record.kind.rawValue])
            else { return false }
            try record.insert(db)
            if announces { try Self.recordChange(.update, photoId: photo.id, takenAt: photo.takenAt, in: db) }
            return true
        }
    }

    public func settleRender(photoId: String, appearance: PhotoAppearance?) async throws -> Bool {
        try await write { db in
            let settled: Row?
            if let appearance {
                settled = try Row.fetchOne(
                    db,
                    sql: """
                        UPDATE photo SET status = 'ready', thumbHash = ?, averageColor = ?, colorfulness = ?,
                            updatedAt = ?
                        WHERE id = ? AND status <> 'ready' RETURNING takenAt
                        """,
                    arguments: [
                        appearance.thumbHash, appearance.averageColor, appearance.colorfulness, Self.now, photoId,
                    ])
            } else {
                settled = try Row.fetchOne(
                    db,
                    sql: """
                        UPDATE photo SET status = 'failed', updatedAt = ?
                        WHERE id = ? AND status = 'processing' RETURNING takenAt
                        """,
                    arguments: [Self.now, photoId])
            }
            guard let settled else { return false }
            try Self.recordChange(.update, photoId: photoId, takenAt: settled["takenAt"], in: db)
            return true
        }
    }

    public func photoIds(status: PhotoStatus, limit: Int) async throws -> [String] {
        guard status != .ready else { return [] }
        return try await read { db in
            try String.fetchAll(
                db,
                sql: "SELECT id FROM photo WHERE status = ? AND status <> 'ready' ORDER BY importedAt, id LIMIT ?",
                arguments: [status.rawValue, max(0, limit)])
        }
    }
}
