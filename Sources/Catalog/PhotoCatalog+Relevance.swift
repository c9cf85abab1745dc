import GRDB

extension PhotoCatalog {
    /// Full-text weights for title, file name, tags and camera: a word in the title says most about a photo.
    static let columnWeights = "10.0, 2.0, 5.0, 1.0"

    /// Photos matching `filter`'s query, best match first (BM25), newest first among equals.
    /// Without a searchable word it is the newest-first order.
    public func relevancePage(after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter) throws -> RelevancePage {
        try writer.read { db in
            let offset = cursor?.offset ?? 0
            var request = filter.apply(to: PhotoRecord.all())
            let total = try request.fetchCount(db)
            if let pattern = filter.ftsPattern {
                request = request.order(
                    SQL(
                        sql:
                            "(SELECT bm25(photoSearch, \(Self.columnWeights)) FROM photoSearch WHERE photoSearch MATCH ? AND photoSearch.rowid = photo.rowid)",
                        arguments: [pattern]),
                    Column("takenAt").desc, Column("id").desc)
            } else {
                request = request.order(Column("takenAt").desc, Column("id").desc)
            }
            var photos = try request.limit(limit + 1, offset: offset).fetchAll(db)
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            return RelevancePage(
                items: photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) },
                nextCursor: hasMore ? RelevanceCursor(offset: offset + photos.count) : nil, total: total)
        }
    }

    public struct RelevancePage: Sendable {
        public var items: [PhotoWithVariants]
        public var nextCursor: RelevanceCursor?
        public var total: Int
    }
}
