import Catalog
import PostgresNIO
import VitrineCore

extension PostgresCatalog {
    /// Photos per UTC month, newest first: the kept `photo_month` or `tag_month` rows (migration v2) for the
    /// whole catalog or one tag, else the matches grouped by month.
    public func monthCounts(filter: PhotoFilter) async throws -> [MonthCount] {
        try await withConnection { connection in
            let logger = self.logger
            let query: PostgresQuery
            if filter.words.isEmpty, let set = filter.set {
                var source = QueryBuilder()
                Self.setWalk(set, tags: filter.tags, selecting: .times, into: &source)
                query = PostgresQuery(
                    unsafeSQL: "SELECT month, count(*) FROM (\(UTCMonth.sql(monthOf: source.sql))) AS m "
                        + "GROUP BY month ORDER BY month DESC",
                    binds: source.binds)
            } else if filter.words.isEmpty && filter.tags.count <= 1 {
                if let tag = filter.tags.first {
                    query = """
                        SELECT tag_month.month, tag_month.n FROM tag_month JOIN tag ON tag.id = tag_month.tag_id
                        WHERE lower(tag.name) = lower(\(tag)::text) AND tag_month.n > 0 ORDER BY tag_month.month DESC
                        """
                } else {
                    query = "SELECT month, n FROM photo_month WHERE n > 0 ORDER BY month DESC"
                }
            } else {
                let search = try await Self.searchFilter(filter, on: connection, logger: logger)
                var source = QueryBuilder("SELECT photo.taken_at AS ms FROM photo WHERE ")
                search.append(to: &source)
                query = PostgresQuery(
                    unsafeSQL: "SELECT month, count(*) FROM (\(UTCMonth.sql(monthOf: source.sql))) AS m "
                        + "GROUP BY month ORDER BY month DESC",
                    binds: source.binds)
            }
            return try await connection.query(query, logger: logger).collect { row in
                let (month, count) = try row.decode((Int64, Int64).self)
                return MonthCount(month: UTCMonth(index: month), count: Int(count))
            }
        }
    }
}
