import Catalog
import GRDB
import VitrineCore

extension SQLiteCatalog {
    /// Photos per UTC month, newest first: the kept `photoMonth` or `tagMonth` rows (migration v11) for the
    /// whole catalog or one tag, else the matches grouped by month.
    public func monthCounts(filter: PhotoFilter) async throws -> [MonthCount] {
        try await read { db in
            let rows: [Row]
            if let set = filter.walkedSet {
                let members = set.members
                let tags = filter.tagsCondition(on: "\(members.table).photoId")
                let source =
                    "SELECT \(members.table).takenAt AS ms FROM \(members.table) WHERE \(members.condition)" + tags.sql
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT month, COUNT(*) FROM (\(UTCMonth.sql(monthOf: source)))
                        GROUP BY month ORDER BY month DESC
                        """, arguments: members.arguments + tags.arguments)
            } else if filter.ftsPattern == nil && filter.tags.count <= 1 && filter.set == nil {
                rows =
                    try filter.tags.first.map { tag in
                        try Row.fetchAll(
                            db,
                            sql: """
                                SELECT tagMonth.month, tagMonth.count FROM tagMonth JOIN tag ON tag.id = tagMonth.tagId
                                WHERE tag.name = ? AND tagMonth.count > 0 ORDER BY tagMonth.month DESC
                                """, arguments: [tag])
                    }
                    ?? Row.fetchAll(
                        db, sql: "SELECT month, count FROM photoMonth WHERE count > 0 ORDER BY month DESC")
            } else {
                var source = "SELECT photo.takenAt AS ms FROM photo"
                var arguments = StatementArguments()
                for (index, condition) in filter.sqlConditions.enumerated() {
                    source += (index == 0 ? " WHERE " : " AND ") + condition.sql
                    arguments += condition.arguments
                }
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT month, COUNT(*) FROM (\(UTCMonth.sql(monthOf: source)))
                        GROUP BY month ORDER BY month DESC
                        """, arguments: arguments)
            }
            return rows.map { MonthCount(month: UTCMonth(index: $0[0]), count: $0[1]) }
        }
    }
}
