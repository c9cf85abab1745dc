import Catalog
import PostgresNIO

/// Full-text search: each photo's `search` vector holds the words of its title (weight A), tags (B), file
/// name (C) and camera (D), split as `SearchTerms` splits them, lower-cased, then folded by `unaccent` in SQL
/// (`vitrine_search_vector`); a query is the same words as prefixes (`vitrine_search_query`), so "cafe" finds
/// "Café" and "harb" finds "Harbour".
extension PostgresCatalog {
    /// A filter made ready for SQL: its query folded into tsquery text once, for both the count and the page.
    struct SearchFilter: Sendable {
        /// Every word as a required prefix; nil without words.
        var matching: String?
        /// Any word as a prefix, for ranking: every word found adds to the score, as BM25's sum does.
        var ranking: String?
        var tags: [String]
        var set: PhotoSet? = nil

        /// Appends the condition (for after WHERE) that selects the filter's photos.
        func append(to query: inout QueryBuilder) {
            var clauses: [String] = []
            if let matching {
                // A query whose words all folded to nothing matches nothing (and an empty tsquery would log a
                // notice per row).
                clauses.append(matching.isEmpty ? "false" : "photo.search @@ \(query.bind(matching))::tsquery")
            }
            for tag in tags {
                clauses.append(
                    "photo.id IN (SELECT photo_tag.photo_id FROM photo_tag JOIN tag ON tag.id = photo_tag.tag_id "
                        + "WHERE lower(tag.name) = lower(\(query.bind(tag))::text))")
            }
            switch set {
            case .favorites: clauses.append("photo.id IN (SELECT favorite.photo_id FROM favorite)")
            case .album(let id):
                clauses.append(
                    "photo.id IN (SELECT album_photo.photo_id FROM album_photo WHERE album_photo.album_id = "
                        + "\(query.bind(id))::text)")
            case .link(let slug):
                clauses.append(
                    "photo.id IN (SELECT link_photo.photo_id FROM link_photo WHERE link_photo.slug = "
                        + "\(query.bind(slug))::text)")
            case nil: break
            }
            query.append(clauses.isEmpty ? "true" : clauses.joined(separator: " AND "))
        }
    }

    /// Folds `filter`'s words in the database (unaccent lives there) into tsquery text.
    static func searchFilter(
        _ filter: PhotoFilter, on connection: PostgresConnection, logger: Logger
    ) async throws -> SearchFilter {
        let words = filter.words.map { $0.lowercased() }
        guard !words.isEmpty else {
            return SearchFilter(matching: nil, ranking: nil, tags: filter.tags, set: filter.set)
        }
        let rows = try await connection.query(
            """
            SELECT vitrine_search_query(\(words)::text[], false)::text, vitrine_search_query(\(words)::text[], true)::text
            """, logger: logger
        ).collect { try $0.decode((String, String).self) }
        let (matching, ranking) = rows.first ?? ("", "")
        return SearchFilter(matching: matching, ranking: ranking, tags: filter.tags, set: filter.set)
    }

    /// The words of a photo's searchable text, each with its weight letter, for `vitrine_search_vector`.
    static func searchDocument(_ photo: PhotoRecord, tags: [String]) -> (words: [String], weights: [String]) {
        var words: [String] = []
        var weights: [String] = []
        func add(_ text: String?, _ weight: String) {
            guard let text else { return }
            for word in SearchTerms.words(in: text, limit: maximumSearchWords - words.count) {
                words.append(word.lowercased())
                weights.append(weight)
            }
        }
        add(photo.title, "A")
        for tag in tags { add(tag, "B") }
        add(photo.originalName, "C")
        add([photo.camera.make, photo.camera.model, photo.camera.lens].compactMap { $0 }.joined(separator: " "), "D")
        return (words, weights)
    }

    /// Words indexed per photo at most: a tsvector holds at most 1 MB (2 000 words of 64 scalars stay well
    /// below it) and positions stop at 16 383; 100 tags of 100 bytes plus a title stay far below this.
    static let maximumSearchWords = 2000

    /// Photos matching `filter`'s query, best match first, newest first among equals; without a searchable
    /// word, the newest-first order. Offsets, as `RelevanceCursor` explains.
    ///
    /// The score follows `SQLiteCatalog`'s BM25 weights (title 10, tags 5, file name 2, camera 1): each field's
    /// matches are ranked on their own (`ts_filter` by weight) and the ranks summed with those weights, so a
    /// word in the title and a tag outranks the same word twice in the title, as with BM25.
    public func relevancePage(
        after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter
    ) async throws -> RelevancePage {
        let offset = max(0, cursor?.offset ?? 0)
        let limit = max(0, limit)
        return try await withConnection { connection in
            let logger = self.logger
            let search = try await Self.searchFilter(filter, on: connection, logger: logger)
            var count = QueryBuilder("SELECT count(*) FROM photo WHERE ")
            search.append(to: &count)
            let total =
                try await connection.query(count.query, logger: logger).collect { try $0.decode(Int.self) }
                .first ?? 0
            var query = QueryBuilder("SELECT \(Self.photoColumns) FROM photo WHERE ")
            search.append(to: &query)
            if let ranking = search.ranking, !ranking.isEmpty {
                let q = query.bind(ranking) + "::tsquery"
                let score = [("a", 10), ("b", 5), ("c", 2), ("d", 1)].map { weight, factor in
                    "\(factor) * ts_rank('{1,1,1,1}', ts_filter(photo.search, '{\(weight)}'), \(q))"
                }.joined(separator: " + ")
                query.append(" ORDER BY \(score) DESC, photo.taken_at DESC, photo.id DESC")
            } else {
                query.append(" ORDER BY photo.taken_at DESC, photo.id DESC")
            }
            query.append(" LIMIT \(query.bind(limit + 1)) OFFSET \(query.bind(offset))")
            var photos = try await Self.photos(query.query, on: connection, logger: logger)
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            return RelevancePage(
                items: photos, nextCursor: hasMore ? RelevanceCursor(offset: offset + photos.count) : nil,
                total: total)
        }
    }
}
