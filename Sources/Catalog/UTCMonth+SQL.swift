import VitrineCore

extension UTCMonth {
    /// SQL for the `UTCMonth.index` of each row of `source` (a SELECT naming its milliseconds `ms`), as a
    /// derived table of one column `month`, alongside `source`'s other `carried` columns.
    ///
    /// Integer arithmetic only (Hinnant's civil-from-days, each step a nested SELECT so no step is written
    /// twice), which SQLite and PostgreSQL evaluate alike for every `Int64`: their date functions stop at year
    /// 9999 (SQLite) or raise an error past 294 276 (PostgreSQL), and a trigger that fails refuses the photo.
    /// Division truncates in both, so the floor divisions correct a negative remainder.
    public static func sql(monthOf source: String, carrying carried: [String] = []) -> String {
        let keep = carried.map { "\($0), " }.joined()
        return """
            SELECT \(keep)(yoe + era * 400 + (CASE WHEN mp >= 10 THEN 1 ELSE 0 END)) * 12 \
            + (CASE WHEN mp < 10 THEN mp + 2 ELSE mp - 10 END) AS month FROM (\
            SELECT \(keep)era, yoe, (5 * (doe - (365 * yoe + yoe / 4 - yoe / 100)) + 2) / 153 AS mp FROM (\
            SELECT \(keep)era, doe, (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365 AS yoe FROM (\
            SELECT \(keep)era, z - era * 146097 AS doe FROM (\
            SELECT \(keep)z, z / 146097 - (CASE WHEN z % 146097 < 0 THEN 1 ELSE 0 END) AS era FROM (\
            SELECT \(keep)ms / 86400000 - (CASE WHEN ms % 86400000 < 0 THEN 1 ELSE 0 END) + 719468 AS z FROM (\
            \(source)) AS month_ms) AS month_z) AS month_era) AS month_doe) AS month_yoe) AS month_mp
            """
    }
}
