import Catalog
import GRDB

extension SQLiteCatalog {
    /// How many matches sort above `position` in its UTC month: a COUNT over the index range from `position`
    /// to the month's end, so it grows with the month's size, not the library's. Tags without text walk the
    /// rarest tag's `photoTag (tagId, takenAt, photoId)` index (migration v10), each row checked for the other
    /// tags, as tag pages do; otherwise the `photo (takenAt, id)` index with the pages' own conditions
    /// (`PhotoFilter.sqlConditions`), whose text match costs what it costs pages.
    public func monthOffset(of position: PageCursor, filter: PhotoFilter) async throws -> Int {
        try await read { db in try Self.monthOffset(of: position, filter: filter, in: db) }
    }

    static func monthOffset(of position: PageCursor, filter: PhotoFilter, in db: Database) throws -> Int {
        var sql: String
        var arguments = StatementArguments()
        var conditions: [(sql: String, arguments: StatementArguments)] = []
        let walked: (takenAt: String, id: String)
        if let set = filter.walkedSet {
            let members = set.members
            walked = ("\(members.table).takenAt", "\(members.table).photoId")
            let tags = filter.tagsCondition(on: walked.id)
            sql = "SELECT COUNT(*) FROM \(members.table) WHERE \(members.condition)" + tags.sql
            arguments += members.arguments
            arguments += tags.arguments
        } else if filter.ftsPattern == nil && !filter.tags.isEmpty {
            guard let ids = try tagIDs(filter.tags, in: db) else { return 0 }
            walked = ("photoTag.takenAt", "photoTag.photoId")
            let others = otherTagsCondition(ids)
            sql = "SELECT COUNT(*) FROM photoTag WHERE photoTag.tagId = ?" + others.sql
            arguments += [ids[0]]
            arguments += others.arguments
        } else {
            walked = ("photo.takenAt", "photo.id")
            sql = "SELECT COUNT(*) FROM photo WHERE 1"
            conditions = filter.sqlConditions
        }
        conditions.append(("(\(walked.takenAt), \(walked.id)) > (?, ?)", [position.takenAt, position.id]))
        if let end = position.monthEnd { conditions.append(("\(walked.takenAt) < ?", [end])) }
        for condition in conditions {
            sql += " AND " + condition.sql
            arguments += condition.arguments
        }
        return try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
    }
}
