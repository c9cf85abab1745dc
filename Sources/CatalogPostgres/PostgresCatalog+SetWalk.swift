import Catalog
import PostgresNIO

/// How a set's pages, counts and offsets read it without text: along the set's own date index
/// (`album_photo (album_id, taken_at DESC, photo_id DESC)` or `favorite (taken_at DESC, photo_id DESC)`),
/// each row checked for the filter's tags.
extension PostgresCatalog {
    enum SetSelection {
        /// `photoColumns` of each member, for pages.
        case photos
        /// `count(*)`, for offsets.
        case count
        /// Each member's `taken_at AS ms`, for month counts.
        case times
    }

    /// Starts `query` with the walk of `set` (to be followed by ` AND …` conditions) and returns the walked
    /// columns.
    @discardableResult
    static func setWalk(
        _ set: PhotoSet, tags: [String], selecting selection: SetSelection, into query: inout QueryBuilder
    ) -> (takenAt: String, id: String) {
        let table =
            switch set {
            case .favorites: "favorite"
            case .album: "album_photo"
            case .link: "link_photo"
            }
        let walked = (takenAt: "\(table).taken_at", id: "\(table).photo_id")
        switch selection {
        case .photos: query.append("SELECT \(photoColumns) FROM \(table) JOIN photo ON photo.id = \(walked.id)")
        case .count: query.append("SELECT count(*) FROM \(table)")
        case .times: query.append("SELECT \(walked.takenAt) AS ms FROM \(table)")
        }
        switch set {
        case .favorites: query.append(" WHERE true")
        case .album(let id): query.append(" WHERE album_photo.album_id = \(query.bind(id))::text")
        case .link(let slug): query.append(" WHERE link_photo.slug = \(query.bind(slug))::text")
        }
        for tag in tags {
            query.append(
                " AND EXISTS (SELECT 1 FROM photo_tag JOIN tag ON tag.id = photo_tag.tag_id WHERE photo_tag.photo_id = "
                    + "\(walked.id) AND lower(tag.name) = lower(\(query.bind(tag))::text))")
        }
        return walked
    }

    /// A set's photos, from the kept counts (migration v5); 0 for an album that does not exist.
    static func setCount(_ set: PhotoSet, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        let query: PostgresQuery =
            switch set {
            case .favorites: "SELECT n FROM favorite_count"
            case .album(let id): "SELECT photo_count FROM album WHERE id = \(id)"
            case .link(let slug): "SELECT photo_count FROM link WHERE slug = \(slug)"
            }
        return try await connection.query(query, logger: logger).collect { try $0.decode(Int.self) }.first ?? 0
    }
}
