import Catalog
import PostgresNIO

/// Tags: names unique ignoring ASCII case (the `lower(name)` index, as SQLite's NOCASE), listed in that order.
extension PostgresCatalog {
    /// The `limit` most used tags with their photo counts, most used first, then by name.
    public func tagCounts(limit: Int) async throws -> [TagCount] {
        try await withConnection { connection in
            try await connection.query(
                """
                SELECT tag.name, count(*) AS uses FROM tag JOIN photo_tag ON photo_tag.tag_id = tag.id
                GROUP BY tag.id, tag.name ORDER BY uses DESC, lower(tag.name), tag.name LIMIT \(Int64(max(0, limit)))
                """, logger: self.logger
            ).collect { row in
                let (name, count) = try row.decode((String, Int).self)
                return TagCount(name: name, count: count)
            }
        }
    }

    /// A photo's tags, in name order.
    public func tags(of photoId: String) async throws -> [String] {
        try await withConnection { connection in
            try await Self.tags(of: photoId, on: connection, logger: self.logger)
        }
    }

    public func tags(of photoIds: [String]) async throws -> [String: [String]] {
        guard !photoIds.isEmpty else { return [:] }
        return try await withConnection { connection in
            var result: [String: [String]] = [:]
            for try await (photoId, name) in try await connection.query(
                """
                SELECT photo_tag.photo_id, tag.name FROM tag JOIN photo_tag ON photo_tag.tag_id = tag.id
                WHERE photo_tag.photo_id = ANY(\(photoIds)::text[]) ORDER BY lower(tag.name), tag.name
                """, logger: self.logger
            ).decode((String, String).self) {
                result[photoId, default: []].append(name)
            }
            return result
        }
    }

    static func tags(of photoId: String, on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await connection.query(
            """
            SELECT tag.name FROM tag JOIN photo_tag ON photo_tag.tag_id = tag.id
            WHERE photo_tag.photo_id = \(photoId) ORDER BY lower(tag.name), tag.name
            """, logger: logger
        ).collect { try $0.decode(String.self) }
    }

    /// Attaches each photo's (normalised) tags, creating the tags that do not exist yet; one statement for the
    /// tags and one for the links, whatever the number of photos. Each link carries its photo's `taken_at`
    /// (migration v2).
    static func attach(
        _ tagsByPhoto: [(photoId: String, tags: [String])], on connection: PostgresConnection, logger: Logger
    ) async throws {
        var photoIds: [String] = []
        var names: [String] = []
        for (photoId, tags) in tagsByPhoto {
            for name in tags {
                photoIds.append(photoId)
                names.append(name)
            }
        }
        guard !names.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO tag (name) SELECT DISTINCT ON (lower(name)) name FROM unnest(\(names)::text[]) AS name
            ORDER BY lower(name) ON CONFLICT DO NOTHING
            """, logger: logger)
        try await connection.query(
            """
            INSERT INTO photo_tag (photo_id, tag_id, taken_at)
            SELECT link.photo_id, tag.id, photo.taken_at
            FROM unnest(\(photoIds)::text[], \(names)::text[]) AS link(photo_id, name)
            JOIN tag ON lower(tag.name) = lower(link.name) JOIN photo ON photo.id = link.photo_id
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    /// Deletes those of `tagIds` no photo uses any more (after their photo was deleted or re-tagged).
    static func removeUnused(tagIds: [Int64], on connection: PostgresConnection, logger: Logger) async throws {
        guard !tagIds.isEmpty else { return }
        try await connection.query(
            """
            DELETE FROM tag WHERE tag.id = ANY(\(tagIds)::bigint[])
            AND NOT EXISTS (SELECT 1 FROM photo_tag WHERE photo_tag.tag_id = tag.id)
            """, logger: logger)
    }

    /// The ids of a photo's tags.
    static func tagIds(of photoId: String, on connection: PostgresConnection, logger: Logger) async throws -> [Int64] {
        try await connection.query(
            "SELECT tag_id FROM photo_tag WHERE photo_id = \(photoId)", logger: logger
        ).collect { try $0.decode(Int64.self) }
    }
}
