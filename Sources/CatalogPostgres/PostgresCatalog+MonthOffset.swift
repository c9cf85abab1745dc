import Catalog
import PostgresNIO

extension PostgresCatalog {
    /// How many matches sort above `position` in its UTC month: a count over the index range from `position`
    /// to the month's end, so it grows with the month's size, not the library's. Tags without text walk the
    /// tag rarest in that month (its `tag_month` count) along `photo_tag (tag_id, taken_at, photo_id)`
    /// (migration v3), each row checked for the other tags; otherwise `photo (taken_at DESC, id DESC)` with the
    /// pages' own conditions (`SearchFilter`).
    public func monthOffset(of position: PageCursor, filter: PhotoFilter) async throws -> Int {
        try await withConnection { connection in
            let logger = self.logger
            var query: QueryBuilder
            let walked: (takenAt: String, id: String)
            if filter.words.isEmpty, let set = filter.set {
                query = QueryBuilder()
                walked = Self.setWalk(set, tags: filter.tags, selecting: .count, into: &query)
            } else if filter.words.isEmpty && !filter.tags.isEmpty {
                guard
                    let ids = try await Self.tagIDs(
                        filter.tags, in: position.month.index, on: connection, logger: logger)
                else { return 0 }
                walked = ("photo_tag.taken_at", "photo_tag.photo_id")
                query = QueryBuilder("SELECT count(*) FROM photo_tag WHERE ")
                query.append("photo_tag.tag_id = \(query.bind(ids[0]))")
                for other in ids.dropFirst() {
                    query.append(
                        " AND EXISTS (SELECT 1 FROM photo_tag AS other WHERE other.photo_id = photo_tag.photo_id "
                            + "AND other.tag_id = \(query.bind(other)))")
                }
            } else {
                let search = try await Self.searchFilter(filter, on: connection, logger: logger)
                walked = ("photo.taken_at", "photo.id")
                query = QueryBuilder("SELECT count(*) FROM photo WHERE ")
                search.append(to: &query)
            }
            // The plain lower bound repeats the row comparison's first column: the planner misjudges a row
            // comparison's share of the rows (at a million photos it chose parallel scans, or a hash join over
            // every link of another tag, 250 ms), and with it sees one month's slice (about 1 ms).
            let (takenAt, id) = (query.bind(position.takenAt), query.bind(position.id))
            query.append(" AND \(walked.takenAt) >= \(takenAt)::bigint")
            query.append(" AND (\(walked.takenAt), \(walked.id)) > (\(takenAt)::bigint, \(id)::text)")
            if let end = position.monthEnd {
                query.append(" AND \(walked.takenAt) < \(query.bind(end))::bigint")
            }
            return try await connection.query(query.query, logger: logger).collect { try $0.decode(Int.self) }.first
                ?? 0
        }
    }

    /// The ids of `tags` (compared as `lower(name)`, like the pages' tag condition), the one with the fewest
    /// photos in `month` first; nil when some tag has no photo.
    static func tagIDs(
        _ tags: [String], in month: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64]? {
        let rows = try await connection.query(
            """
            SELECT tag.id, (SELECT count(DISTINCT lower(t)) FROM unnest(\(tags)::text[]) AS t)
            FROM tag LEFT JOIN tag_month ON tag_month.tag_id = tag.id AND tag_month.month = \(month)
            WHERE lower(tag.name) IN (SELECT lower(t) FROM unnest(\(tags)::text[]) AS t)
            ORDER BY coalesce(tag_month.n, 0), tag.id
            """, logger: logger
        ).collect { try $0.decode((Int64, Int64).self) }
        guard let wanted = rows.first?.1, Int64(rows.count) == wanted else { return nil }
        return rows.map(\.0)
    }
}
