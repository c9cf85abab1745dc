import Catalog
import PostgresNIO

/// A kind of set whose pages have a prepared statement: its members' table, which of them are the set's,
/// and where its count is kept.
protocol SetMembers {
    static var name: String { get }
    static var members: String { get }
    /// The condition on `members` that keeps the set's rows, with the album's id or the link's slug as `$1`.
    static var scope: String { get }
    static var count: String { get }
}

extension PostgresCatalog {
    enum AlbumMembers: SetMembers {
        static let name = "vitrine_album_page_after_with_count"
        static let members = "album_photo"
        static let scope = "album_photo.album_id = $1::text"
        static let count = "SELECT photo_count FROM album WHERE id = $1::text"
    }

    enum FavoriteMembers: SetMembers {
        static let name = "vitrine_favorite_page_after_with_count"
        static let members = "favorite"
        static let scope = "$1::text = ''"
        static let count = "SELECT n FROM favorite_count"
    }

    enum LinkMembers: SetMembers {
        static let name = "vitrine_link_page_after_with_count"
        static let members = "link_photo"
        static let scope = "link_photo.slug = $1::text"
        static let count = "SELECT photo_count FROM link WHERE slug = $1::text"
    }

    /// A page of one set along its own date index, with the set's kept count on every row, prepared once per
    /// connection: a set's first pages then cost what the library's do (`PageAfterWithCount`), one round
    /// trip and no parse, where a query built per request and a second one for the count cost more.
    struct SetPageAfterWithCount<Set: SetMembers>: PostgresPreparedStatement {
        static var name: String { Set.name }
        static var sql: String {
            let members = Set.members
            return """
                SELECT (\(Set.count)), \(PostgresCatalog.photoColumns)
                FROM \(members) JOIN photo ON photo.id = \(members).photo_id
                WHERE \(Set.scope) AND (\(members).taken_at, \(members).photo_id) < ($2::bigint, $3::text)
                ORDER BY \(members).taken_at DESC, \(members).photo_id DESC LIMIT $4::bigint
                """
        }
        typealias Row = (total: Int, photo: PhotoRecord)
        /// The album's id or the link's slug; empty for the favourites.
        var key: String
        var takenAt: Int64
        var id: String
        var limit: Int

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(key)
            bindings.appendPosition(takenAt: takenAt, id: id, limit: limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresCatalog.countedPhoto(from: row) }
    }

    /// `set`'s members strictly after `position`, newest first, with the set's count (read apart when the
    /// page is empty: no row carries it).
    static func setRows(
        _ set: PhotoSet, after position: PageCursor, limit: Int, on connection: PostgresConnection, logger: Logger
    ) async throws -> ([PhotoRecord], Int) {
        var total: Int?
        var photos: [PhotoRecord] = []
        func collect<Members: SetMembers>(_: Members.Type, key: String) async throws {
            let statement = SetPageAfterWithCount<Members>(
                key: key, takenAt: position.takenAt, id: position.id, limit: max(0, limit))
            for try await (count, photo) in try await connection.execute(statement, logger: logger) {
                total = count
                photos.append(photo)
            }
        }
        switch set {
        case .album(let album): try await collect(AlbumMembers.self, key: album)
        case .favorites: try await collect(FavoriteMembers.self, key: "")
        case .link(let slug): try await collect(LinkMembers.self, key: slug)
        }
        if let total { return (photos, total) }
        return (photos, try await setCount(set, on: connection, logger: logger))
    }
}
