import Catalog
import PostgresNIO
import VitrineCore

/// Albums and favourites. A bulk change is one statement over the selection (its ids, and each range as a
/// keyset interval of `photo`), however many photos it holds.
extension PostgresCatalog {
    static let albumColumns = "id, title, description, cover_photo_id, created_at, updated_at, photo_count"

    static func album(from row: PostgresRow) throws -> AlbumRecord {
        let (id, title, description, cover, createdAt, updatedAt, count) = try row.decode(
            (String, String, String, String?, Int64, Int64, Int64).self)
        return AlbumRecord(
            id: id, title: title, description: description, coverPhotoId: cover, createdAt: createdAt,
            updatedAt: updatedAt, photoCount: Int(clamping: max(0, count)))
    }

    public func albums() async throws -> [AlbumRecord] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.albumColumns) FROM album ORDER BY updated_at DESC, id DESC",
                logger: self.logger
            ).collect(Self.album(from:))
        }
    }

    public func album(id: String) async throws -> AlbumRecord? {
        try await withConnection { connection in
            try await Self.album(id: id, on: connection, logger: self.logger)
        }
    }

    static func album(id: String, on connection: PostgresConnection, logger: Logger) async throws -> AlbumRecord? {
        try await connection.query(
            "SELECT \(unescaped: albumColumns) FROM album WHERE id = \(id)", logger: logger
        ).collect(album(from:)).first
    }

    public func createAlbum(_ album: AlbumRecord) async throws {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            let inserted = try await connection.query(
                """
                INSERT INTO album (id, title, description, created_at, updated_at)
                VALUES (\(album.id), \(album.title), \(album.description), \(album.createdAt), \(album.updatedAt))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: logger
            ).collect { try $0.decode(String.self) }
            guard !inserted.isEmpty else { throw CatalogError.duplicate(existingID: album.id) }
            try await Self.recordChange(.album, photoId: album.id, takenAt: 0, on: connection, logger: logger)
        }
    }

    public func updateAlbum(id: String, _ edit: AlbumEdit) async throws -> AlbumRecord? {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            guard var album = try await Self.album(id: id, on: connection, logger: logger) else { return nil }
            if let title = edit.title { album.title = title }
            if let description = edit.description { album.description = description }
            if let cover = edit.coverPhotoId {
                if let cover {
                    let member = try await connection.query(
                        "SELECT 1 FROM album_photo WHERE album_id = \(id) AND photo_id = \(cover)", logger: logger
                    ).collect { _ in true }
                    guard !member.isEmpty else { throw CatalogError.notInAlbum }
                }
                album.coverPhotoId = cover
            }
            try await connection.query(
                """
                UPDATE album SET title = \(album.title), description = \(album.description),
                    cover_photo_id = \(album.coverPhotoId), updated_at = \(Self.now)
                WHERE id = \(id)
                """, logger: logger)
            try await Self.recordChange(.album, photoId: id, takenAt: 0, on: connection, logger: logger)
            return try await Self.album(id: id, on: connection, logger: logger)
        }
    }

    public func deleteAlbum(id: String) async throws -> Bool {
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            let deleted = try await connection.query(
                "DELETE FROM album WHERE id = \(id) RETURNING id", logger: logger
            ).collect { try $0.decode(String.self) }
            guard !deleted.isEmpty else { return false }
            // Its members have no foreign key (migration v12): they go here, with the feed locked.
            try await connection.query("DELETE FROM album_photo WHERE album_id = \(id)", logger: logger)
            try await Self.recordChange(.album, photoId: id, takenAt: 0, on: connection, logger: logger)
            return true
        }
    }

    public func add(_ selection: PhotoSelection, to set: PhotoSet) async throws -> Int? {
        try await change(selection, set, adding: true)
    }

    public func remove(_ selection: PhotoSelection, from set: PhotoSet) async throws -> Int? {
        try await change(selection, set, adding: false)
    }

    /// How long a bulk change may run (ms): a range of a million photos is one statement that writes a row
    /// (with its indexes and foreign-key checks) per photo, seconds past a request's `statement_timeout`.
    static let bulkStatementTimeoutMilliseconds = 120_000

    /// Adds or removes the selection in one statement; favourites announce each photo changed, an album
    /// announces itself. The transaction runs under `bulkStatementTimeoutMilliseconds` rather than the
    /// request's timeout (`SET LOCAL`: this transaction only).
    func change(_ selection: PhotoSelection, _ set: PhotoSet, adding: Bool) async throws -> Int? {
        try await transaction { connection in
            let logger = self.logger
            try await connection.query(
                PostgresQuery(unsafeSQL: "SET LOCAL statement_timeout = \(Self.bulkStatementTimeoutMilliseconds)"),
                logger: logger)
            try await Self.lockFeed(on: connection, logger: logger)
            switch set {
            case .favorites: break
            case .album(let id):
                guard try await Self.album(id: id, on: connection, logger: logger) != nil else { return nil }
            case .link(let slug):
                guard try await Self.link(slug: slug, on: connection, logger: logger) != nil else { return nil }
            }
            var query = QueryBuilder("WITH selected AS (")
            try await Self.appendSelection(selection, to: &query, on: connection, logger: logger)
            switch (set, adding) {
            case (.favorites, true):
                query.append(
                    """
                    ), changed AS (INSERT INTO favorite (photo_id, taken_at)
                    SELECT id, taken_at FROM selected ORDER BY id ON CONFLICT DO NOTHING RETURNING photo_id, taken_at)
                    """)
            case (.favorites, false):
                query.append(
                    """
                    ), changed AS (DELETE FROM favorite WHERE photo_id IN (SELECT id FROM selected)
                    RETURNING photo_id, taken_at)
                    """)
            case (.album(let id), true):
                query.append(
                    """
                    ), changed AS (INSERT INTO album_photo (album_id, photo_id, taken_at)
                    SELECT \(query.bind(id))::text, id, taken_at FROM selected ORDER BY id
                    ON CONFLICT DO NOTHING RETURNING photo_id, taken_at)
                    """)
            case (.album(let id), false):
                query.append(
                    """
                    ), changed AS (DELETE FROM album_photo WHERE album_id = \(query.bind(id))::text
                    AND photo_id IN (SELECT id FROM selected) RETURNING photo_id, taken_at)
                    """)
            case (.link(let slug), true):
                query.append(
                    """
                    ), changed AS (INSERT INTO link_photo (slug, photo_id, taken_at)
                    SELECT \(query.bind(slug))::text, id, taken_at FROM selected ORDER BY id
                    ON CONFLICT DO NOTHING RETURNING photo_id, taken_at)
                    """)
            case (.link(let slug), false):
                query.append(
                    """
                    ), changed AS (DELETE FROM link_photo WHERE slug = \(query.bind(slug))::text
                    AND photo_id IN (SELECT id FROM selected) RETURNING photo_id, taken_at)
                    """)
            }
            // Favourites and a link's own photos are announced per photo (a link's page and its files are kept
            // per feed position); an album, as itself below.
            let announced: Bool
            switch set {
            case .favorites, .link: announced = true
            case .album: announced = false
            }
            if announced {
                query.append(
                    """
                     , announced AS (INSERT INTO change_event (kind, photo_id, sort_taken_at, at)
                    SELECT 'update', photo_id, taken_at, \(query.bind(Self.now))::bigint FROM changed RETURNING seq)
                    SELECT count(*) FROM announced
                    """)
            } else {
                query.append(" SELECT count(*) FROM changed")
            }
            let count =
                try await connection.query(query.query, logger: logger).collect { try $0.decode(Int.self) }.first ?? 0
            if case .album(let id) = set {
                try await connection.query(
                    """
                    UPDATE album SET updated_at = \(Self.now), cover_photo_id = CASE WHEN EXISTS
                        (SELECT 1 FROM album_photo WHERE album_id = \(id) AND photo_id = album.cover_photo_id)
                        THEN cover_photo_id END
                    WHERE id = \(id)
                    """, logger: logger)
                try await Self.recordChange(.album, photoId: id, takenAt: 0, on: connection, logger: logger)
            } else if announced, count > 0 {
                try await connection.query(
                    """
                    DELETE FROM change_event
                    WHERE seq <= (SELECT max(seq) FROM change_event) - \(CatalogPolicy.retainedChanges)
                    """, logger: logger)
                try await connection.query("NOTIFY vitrine_changes", logger: logger)
            }
            return count
        }
    }

    /// The selection's photos (`id`, `taken_at`): its ids that exist, and each range's matches. Each comes with
    /// its date, so an insert takes both from here rather than joining the photos again; an insert takes them
    /// in id order, which walks the member table's keys, its photo index and the photos' key index (each
    /// row's foreign-key check) in order rather than at random.
    static func appendSelection(
        _ selection: PhotoSelection, to query: inout QueryBuilder, on connection: PostgresConnection, logger: Logger
    ) async throws {
        query.append("SELECT id, taken_at FROM photo WHERE id = ANY(\(query.bind(selection.ids))::text[])")
        for range in selection.ranges {
            let search = try await searchFilter(range.filter, on: connection, logger: logger)
            query.append(" UNION SELECT photo.id, photo.taken_at FROM photo WHERE ")
            search.append(to: &query)
            query.append(
                " AND (photo.taken_at, photo.id) <= (\(query.bind(range.newest.takenAt))::bigint, "
                    + "\(query.bind(range.newest.id))::text) AND (photo.taken_at, photo.id) >= "
                    + "(\(query.bind(range.oldest.takenAt))::bigint, \(query.bind(range.oldest.id))::text)")
        }
    }

    public func sets(of photoId: String) async throws -> (favorite: Bool, albums: [String]) {
        try await withConnection { connection in
            try await Self.sets(of: photoId, on: connection, logger: self.logger)
        }
    }

    public func albumCovers() async throws -> [String: String] {
        try await withConnection { connection in
            // The chosen cover while it is a member, else the first of the album's page (its date index).
            let rows = try await connection.query(
                """
                SELECT album.id, COALESCE(
                    (SELECT photo_id FROM album_photo
                     WHERE album_id = album.id AND photo_id = album.cover_photo_id),
                    (SELECT photo_id FROM album_photo WHERE album_id = album.id
                     ORDER BY taken_at DESC, photo_id DESC LIMIT 1))
                FROM album
                """, logger: self.logger
            ).collect { try $0.decode((String, String?).self) }
            var covers: [String: String] = [:]
            for (album, cover) in rows { if let cover { covers[album] = cover } }
            return covers
        }
    }

    static func sets(
        of photoId: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> (favorite: Bool, albums: [String]) {
        let favorite = try await connection.query(
            "SELECT 1 FROM favorite WHERE photo_id = \(photoId)", logger: logger
        ).collect { _ in true }
        let albums = try await connection.query(
            "SELECT album_id FROM album_photo WHERE photo_id = \(photoId) ORDER BY album_id", logger: logger
        ).collect { try $0.decode(String.self) }
        return (!favorite.isEmpty, albums)
    }
}
