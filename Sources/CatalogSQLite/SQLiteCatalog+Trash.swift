import Catalog
import Foundation
import GRDB
import VitrineCore

/// The trash: a trashed photo leaves the `photo` table (so every read, count and index forgets it at once)
/// for one `trashedPhoto` row, and its variants' blobs stay referenced by `trashedBlob` until the purge.
extension SQLiteCatalog {
    public func trash(id: String) async throws -> [BlobKey]? {
        try await write { db in
            guard let photo = try PhotoRecord.fetchOne(db, key: id) else { return nil }
            let variants = try Self.variants(of: [id], in: db)[id] ?? [:]
            let counters = try Row.fetchOne(
                db,
                sql:
                    "SELECT \(Self.integer("views", as: "views")), \(Self.integer("downloads", as: "downloads")), number FROM photoCompat WHERE photoId = ?",
                arguments: [id])
            let sets = try Self.sets(of: id, in: db)
            let links = try String.fetchAll(
                db, sql: "SELECT slug FROM linkPhoto WHERE photoId = ? ORDER BY slug", arguments: [id])
            let trashed = TrashedPhoto(
                item: PhotoWithVariants(photo: photo, variants: variants), tags: try Self.tags(of: id, in: db),
                views: counters?["views"] ?? 0, downloads: counters?["downloads"] ?? 0,
                compatNumber: counters?["number"], favorite: sets.favorite, albums: sets.albums, links: links,
                trashedAt: Self.now)
            let sizes = try BlobKey.fetchAll(
                db, sql: "SELECT blobKey FROM sizedVariant WHERE photoId = ?", arguments: [id])
            try db.execute(
                sql: "INSERT OR REPLACE INTO trashedPhoto (id, contentHash, trashedAt, document) VALUES (?, ?, ?, ?)",
                arguments: [id, photo.contentHash, trashed.trashedAt, try TrashedPhotoDocument(trashed).encoded()])
            for key in Set(variants.values.map(\.blobKey)) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO trashedBlob (photoId, blobKey) VALUES (?, ?)", arguments: [id, key.hex])
            }
            try Self.removeRows(of: photo, in: db)
            for album in sets.albums { try Self.touch(album: album, in: db) }
            return sizes
        }
    }

    public func trashPage(after cursor: PageCursor?, limit: Int) async throws -> TrashPage {
        try await read { db in
            var sql = "SELECT trashedAt, id, document FROM trashedPhoto"
            var arguments: StatementArguments = []
            if let cursor {
                sql += " WHERE (trashedAt, id) < (?, ?)"
                arguments += [cursor.takenAt, cursor.id]
            }
            sql += " ORDER BY trashedAt DESC, id DESC LIMIT ?"
            arguments += [max(0, limit) + 1]
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                (cursor: PageCursor(takenAt: row["trashedAt"], id: row["id"]), document: row["document"] as String)
            }
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trashedPhoto") ?? 0
            return TrashPage(rows: rows, limit: limit, total: total)
        }
    }

    public func trashedPhoto(id: String) async throws -> TrashedPhoto? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT trashedAt, document FROM trashedPhoto WHERE id = ?", arguments: [id])
                .flatMap { row in TrashedPhotoDocument.decode(row["document"]).map { $0.trashed(at: row["trashedAt"]) }
                }
        }
    }

    public func restore(id: String) async throws -> RestoreOutcome? {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT trashedAt, document FROM trashedPhoto WHERE id = ?", arguments: [id]),
                let document = TrashedPhotoDocument.decode(row["document"])
            else { return nil }
            try db.execute(sql: "DELETE FROM trashedPhoto WHERE id = ?", arguments: [id])
            if let live = try PhotoRecord.filter(Column("contentHash") == document.photo.contentHash).fetchOne(db) {
                try Self.attach(tags: document.tags, to: live.id, in: db)
                let kinds = try String.fetchAll(
                    db, sql: "SELECT kind FROM variant WHERE photoId = ?", arguments: [live.id])
                for variant in document.carried(into: live.id, besides: Set(kinds.compactMap(VariantKind.init))) {
                    try variant.insert(db)
                }
                try Self.refreshSearchRow(photoId: live.id, in: db)
                try Self.recordChange(.update, photoId: live.id, takenAt: live.takenAt, in: db)
                try Self.rejoin(document, photoId: live.id, in: db)
                // What named the trashed photo names the live one: an album's cover, a link's upload log.
                try db.execute(
                    sql: "UPDATE album SET coverPhotoId = ? WHERE coverPhotoId = ?", arguments: [live.id, id])
                try db.execute(
                    sql: "UPDATE OR IGNORE linkUpload SET photoId = ? WHERE photoId = ?", arguments: [live.id, id])
                return .merged(into: live.id)
            }
            try Self.insertRows(document.photo, variants: document.variants, tags: document.tags, in: db)
            try db.execute(
                sql: "UPDATE photoCompat SET views = ?, downloads = ? WHERE photoId = ?",
                arguments: [document.views, document.downloads, id])
            // Its public number back, unless another photo took it meanwhile.
            if let number = document.number {
                try db.execute(
                    sql: """
                        UPDATE photoCompat SET number = ?
                        WHERE photoId = ? AND NOT EXISTS (SELECT 1 FROM photoCompat WHERE number = ?)
                        """, arguments: [number, id, number])
            }
            try Self.recordChange(.insert, photoId: id, takenAt: document.photo.takenAt, in: db)
            try Self.rejoin(document, photoId: id, in: db)
            return .restored
        }
    }

    public func purgeTrash(trashedBefore cutoff: Int64?) async throws -> [BlobKey] {
        try await write { db in
            let condition = cutoff == nil ? "" : " WHERE trashedAt < ?"
            let arguments: StatementArguments = cutoff.map { [$0] } ?? []
            let keys = try BlobKey.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT blobKey FROM trashedBlob
                    WHERE photoId IN (SELECT id FROM trashedPhoto\(condition))
                    """, arguments: arguments)
            try db.execute(sql: "DELETE FROM trashedPhoto\(condition)", arguments: arguments)
            return keys
        }
    }

    /// Puts a restored photo back among the favourites, and in the albums and links it was in that still
    /// exist.
    static func rejoin(_ document: TrashedPhotoDocument, photoId: String, in db: Database) throws {
        for slug in document.links ?? [] {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO linkPhoto (slug, photoId, takenAt)
                    SELECT link.slug, photo.id, photo.takenAt FROM link, photo WHERE link.slug = ? AND photo.id = ?
                    """, arguments: [slug, photoId])
        }
        if document.favorite == true {
            try db.execute(
                sql: "INSERT OR IGNORE INTO favorite (photoId, takenAt) SELECT id, takenAt FROM photo WHERE id = ?",
                arguments: [photoId])
        }
        for album in document.albums ?? [] where try Self.album(id: album, in: db) != nil {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO albumPhoto (albumId, photoId, takenAt)
                    SELECT ?, id, takenAt FROM photo WHERE id = ?
                    """, arguments: [album, photoId])
            try touch(album: album, in: db)
        }
    }
}
