import Catalog
import GRDB
import VitrineCore

/// Albums and favourites: member rows carry their photo's `takenAt` (kept equal by a trigger), so a set's
/// pages walk `(albumId, takenAt, photoId)` or `(takenAt, photoId)` as a tag's do.
extension SQLiteCatalog {
    public func albums() async throws -> [AlbumRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.albumColumns) FROM album ORDER BY updatedAt DESC, id DESC")
                .map(Self.album(from:))
        }
    }

    public func album(id: String) async throws -> AlbumRecord? {
        try await read { db in try Self.album(id: id, in: db) }
    }

    public func createAlbum(_ album: AlbumRecord) async throws {
        try await write { db in
            guard try Self.album(id: album.id, in: db) == nil else {
                throw CatalogError.duplicate(existingID: album.id)
            }
            try db.execute(
                sql: """
                    INSERT INTO album (id, title, description, coverPhotoId, createdAt, updatedAt)
                    VALUES (?, ?, ?, NULL, ?, ?)
                    """, arguments: [album.id, album.title, album.description, album.createdAt, album.updatedAt])
            try Self.recordChange(.album, photoId: album.id, takenAt: 0, in: db)
        }
    }

    public func updateAlbum(id: String, _ edit: AlbumEdit) async throws -> AlbumRecord? {
        try await write { db in
            guard var album = try Self.album(id: id, in: db) else { return nil }
            if let title = edit.title { album.title = title }
            if let description = edit.description { album.description = description }
            if let cover = edit.coverPhotoId {
                if let cover {
                    let member = try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = ?)",
                        arguments: [id, cover])
                    guard member == true else { throw CatalogError.notInAlbum }
                }
                album.coverPhotoId = cover
            }
            album.updatedAt = Self.now
            try db.execute(
                sql: "UPDATE album SET title = ?, description = ?, coverPhotoId = ?, updatedAt = ? WHERE id = ?",
                arguments: [album.title, album.description, album.coverPhotoId, album.updatedAt, id])
            try Self.recordChange(.album, photoId: id, takenAt: 0, in: db)
            return try Self.album(id: id, in: db)
        }
    }

    public func deleteAlbum(id: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { return false }
            try Self.recordChange(.album, photoId: id, takenAt: 0, in: db)
            return true
        }
    }

    public func add(_ selection: PhotoSelection, to set: PhotoSet) async throws -> Int? {
        try await change(selection, set) { db in
            switch set {
            case .favorites:
                try db.execute(
                    sql: """
                        DELETE FROM selected WHERE photoId IN (SELECT photoId FROM favorite);
                        INSERT INTO favorite (photoId, takenAt)
                        SELECT photoId, takenAt FROM selected;
                        """)
                try Self.announceChanged(in: db)
            case .album(let id):
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO albumPhoto (albumId, photoId, takenAt)
                        SELECT ?, photoId, takenAt FROM selected
                        """, arguments: [id])
                try Self.touch(album: id, in: db)
            case .link(let slug):
                // Announced as favourites are: a link's page and its files are kept per feed position.
                try db.execute(
                    sql: """
                        DELETE FROM selected WHERE photoId IN (SELECT photoId FROM linkPhoto WHERE slug = ?);
                        INSERT INTO linkPhoto (slug, photoId, takenAt)
                        SELECT ?, photoId, takenAt FROM selected;
                        """, arguments: [slug, slug])
                try Self.announceChanged(in: db)
            }
        }
    }

    public func remove(_ selection: PhotoSelection, from set: PhotoSet) async throws -> Int? {
        try await change(selection, set) { db in
            switch set {
            case .favorites:
                try db.execute(
                    sql: """
                        DELETE FROM selected WHERE photoId NOT IN (SELECT photoId FROM favorite);
                        DELETE FROM favorite WHERE photoId IN (SELECT photoId FROM selected);
                        """)
                try Self.announceChanged(in: db)
            case .album(let id):
                try db.execute(
                    sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId IN (SELECT photoId FROM selected)",
                    arguments: [id])
                try db.execute(
                    sql: """
                        UPDATE album SET coverPhotoId = NULL WHERE id = ?
                        AND coverPhotoId NOT IN (SELECT photoId FROM albumPhoto WHERE albumId = ?)
                        """, arguments: [id, id])
                try Self.touch(album: id, in: db)
            case .link(let slug):
                try db.execute(
                    sql: """
                        DELETE FROM selected WHERE photoId NOT IN (SELECT photoId FROM linkPhoto WHERE slug = ?);
                        DELETE FROM linkPhoto WHERE slug = ? AND photoId IN (SELECT photoId FROM selected);
                        """, arguments: [slug, slug])
                try Self.announceChanged(in: db)
            }
        }
    }

    /// Runs `body` on the selection (in `selected`) in one transaction; returns how many photos entered or
    /// left the set, nil when the album does not exist.
    func change(
        _ selection: PhotoSelection, _ set: PhotoSet, _ body: @escaping @Sendable (Database) throws -> Void
    ) async throws -> Int? {
        try await write { db in
            guard try Self.exists(set, in: db) else { return nil }
            try Self.select(selection, in: db)
            let before = try Self.setCount(set, in: db)
            try body(db)
            // Kept counts are catalog rows: read as any number, never trusted not to overflow.
            return Int(clamping: (try Self.setCount(set, in: db) &- before).magnitude)
        }
    }

    public func sets(of photoId: String) async throws -> (favorite: Bool, albums: [String]) {
        try await read { db in try Self.sets(of: photoId, in: db) }
    }

    public func albumCovers() async throws -> [String: String] {
        try await read { db in
            // The chosen cover while it is a member, else the first of the album's page (its date index,
            // newest first).
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT album.id, COALESCE(
                        (SELECT photoId FROM albumPhoto
                         WHERE albumId = album.id AND photoId = album.coverPhotoId),
                        (SELECT photoId FROM albumPhoto WHERE albumId = album.id
                         ORDER BY takenAt DESC, photoId DESC LIMIT 1))
                    FROM album
                    """)
            var covers: [String: String] = [:]
            for row in rows {
                if let cover: String = row[1] { covers[row[0]] = cover }
            }
            return covers
        }
    }

    static func sets(of photoId: String, in db: Database) throws -> (favorite: Bool, albums: [String]) {
        let favorite =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM favorite WHERE photoId = ?)", arguments: [photoId]) ?? false
        let albums = try String.fetchAll(
            db, sql: "SELECT albumId FROM albumPhoto WHERE photoId = ? ORDER BY albumId", arguments: [photoId])
        return (favorite, albums)
    }

    // MARK: - Parts

    static let albumColumns = "id, title, description, coverPhotoId, createdAt, updatedAt, photoCount"

    static func album(from row: Row) -> AlbumRecord {
        AlbumRecord(
            id: row[0], title: row[1], description: row[2], coverPhotoId: row[3], createdAt: row[4],
            updatedAt: row[5], photoCount: max(0, row[6] as Int))
    }

    static func album(id: String, in db: Database) throws -> AlbumRecord? {
        try Row.fetchOne(db, sql: "SELECT \(albumColumns) FROM album WHERE id = ?", arguments: [id]).map(album(from:))
    }

    static func exists(_ set: PhotoSet, in db: Database) throws -> Bool {
        switch set {
        case .favorites: true
        case .album(let id): try album(id: id, in: db) != nil
        case .link(let slug):
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM link WHERE slug = ?)", arguments: [slug]) ?? false
        }
    }

    /// Fills the temporary table `selected` with the ids and dates of the selection's photos that exist (ids,
    /// and the matches of each range): one statement per range, however many photos it holds. The dates
    /// come along so that adding the selection to a set reads `selected` alone, in id order, instead of
    /// looking each photo up again.
    static func select(_ selection: PhotoSelection, in db: Database) throws {
        try db.execute(
            sql: "CREATE TEMP TABLE IF NOT EXISTS selected (photoId TEXT PRIMARY KEY, takenAt INTEGER) WITHOUT ROWID")
        try db.execute(sql: "DELETE FROM selected")
        for id in selection.ids {
            try db.execute(
                sql: "INSERT OR IGNORE INTO selected (photoId, takenAt) SELECT id, takenAt FROM photo WHERE id = ?",
                arguments: [id])
        }
        for range in selection.ranges {
            var sql =
                "INSERT OR IGNORE INTO selected (photoId, takenAt) SELECT photo.id, photo.takenAt FROM photo WHERE "
            sql += "(photo.takenAt, photo.id) <= (?, ?) AND (photo.takenAt, photo.id) >= (?, ?)"
            var arguments: StatementArguments = [
                range.newest.takenAt, range.newest.id, range.oldest.takenAt, range.oldest.id,
            ]
            for condition in range.filter.sqlConditions {
                sql += " AND " + condition.sql
                arguments += condition.arguments
            }
            try db.execute(sql: sql, arguments: arguments)
        }
    }

    /// Announces every photo in `selected` as updated, in one statement.
    static func announceChanged(in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO changeEvent (kind, photoId, sortTakenAt, at)
                SELECT 'update', photoId, takenAt, ? FROM selected
                """, arguments: [now])
        if let seq = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM changeEvent") {
            try db.execute(
                sql: "DELETE FROM changeEvent WHERE seq <= ?", arguments: [seq - CatalogPolicy.retainedChanges])
        }
    }

    /// Marks an album changed and announces it.
    static func touch(album id: String, in db: Database) throws {
        try db.execute(sql: "UPDATE album SET updatedAt = ? WHERE id = ?", arguments: [now, id])
        try recordChange(.album, photoId: id, takenAt: 0, in: db)
    }
}
