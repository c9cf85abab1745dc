import Catalog
import GRDB

extension SQLiteCatalog {
    /// Full-text weights for title, file name, tags and camera: a word in the title says most about a photo.
    static let columnWeights = "10.0, 2.0, 5.0, 1.0"

    /// Photos matching `filter`'s query, best match first (BM25), newest first among equals.
    /// Without a searchable word it is the newest-first order.
    public func relevancePage(
        after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter
    ) async throws -> RelevancePage {
        try await read { db in
            let offset = cursor?.offset ?? 0
            var request = filter.apply(to: PhotoRecord.all())
            let total = try request.fetchCount(db)
            var photos: [PhotoRecord]
            if let pattern = filter.ftsPattern {
                // The full-text table drives the query and is matched once; BM25 is read off each match.
                // (A scoring subquery per photo re-ran the whole match per row: quadratic in the matches.)
                var arguments: StatementArguments = [pattern]
                var conditions = ["photoSearch MATCH ?"]
                for tag in filter.tags {
                    conditions.append(PhotoFilter.tagClause)
                    arguments += [tag]
                }
                if let set = filter.set {
                    conditions.append(set.photoCondition.sql)
                    arguments += set.photoCondition.arguments
                }
                arguments += [limit + 1, offset]
                photos = try PhotoRecord.fetchAll(
                    db,
                    sql: """
                        SELECT photo.* FROM photoSearch JOIN photo ON photo.rowid = photoSearch.rowid
                        WHERE \(conditions.joined(separator: " AND "))
                        ORDER BY bm25(photoSearch, \(Self.columnWeights)), photo.takenAt DESC, photo.id DESC
                        LIMIT ? OFFSET ?
                        """, arguments: arguments)
            } else {
                request = request.order(Column("takenAt").desc, Column("id").desc)
                photos = try request.limit(limit + 1, offset: offset).fetchAll(db)
            }
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            return RelevancePage(
                items: photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) },
                nextCursor: hasMore ? RelevanceCursor(offset: offset + photos.count) : nil, total: total)
        }
    }
}
