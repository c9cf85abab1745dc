import Catalog
import PostgresNIO

/// Pages of the newest-first order from any position, by keyset on the `(taken_at DESC, id DESC)` index.
extension PostgresCatalog {
    /// A page of photos, newest first by date taken then id, strictly after `cursor`, skipping `offset`.
    public func page(
        after cursor: PageCursor?, offset: Int, limit: Int, filter: PhotoFilter
    ) async throws -> CatalogPage {
        try await page(KeysetWalk.older(after: cursor, offset: offset, limit: limit), filter)
    }

    /// The page just newer than `cursor`, newest first: the nearest `limit` matches above it.
    public func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await page(KeysetWalk.newer(before: cursor, limit: limit), filter)
    }

    /// `walk`'s page of `filter`'s matches, its reads made on one connection. The whole catalog's first
    /// read from a position carries the kept count with its rows (`unfilteredRows`), one round trip fewer,
    /// and so does a set's (`setRows`).
    func page(_ walk: KeysetWalk, _ filter: PhotoFilter) async throws -> CatalogPage {
        try await withConnection { connection in
            let logger = self.logger
            var walk = walk
            let search = try await Self.searchFilter(filter, on: connection, logger: logger)
            var total: Int?
            while let read = walk.read {
                let from = read.from ?? Self.abovePages
                if total == nil, filter.isEmpty, read.direction == .older, read.offset == 0 {
                    let (rows, count) = try await Self.unfilteredRows(
                        after: from, limit: read.limit, on: connection, logger: logger)
                    total = count
                    walk.received(rows)
                    continue
                }
                if total == nil, search.matching == nil, search.tags.isEmpty, let set = search.set,
                    read.direction == .older, read.offset == 0
                {
                    let (rows, count) = try await Self.setRows(
                        set, after: from, limit: read.limit, on: connection, logger: logger)
                    total = count
                    walk.received(rows)
                    continue
                }
                walk.received(
                    try await Self.rows(
                        search, from: from, read.direction, offset: read.offset, limit: read.limit,
                        on: connection, logger: logger))
            }
            let count: Int
            if let total {
                count = total
            } else {
                count = try await Self.total(of: search, on: connection, logger: logger)
            }
            let variants = try await Self.variants(of: walk.photos.map(\.id), on: connection, logger: logger)
            return CatalogPage(walk, variants: variants, total: count)
        }
    }

    /// How many photos match: the kept count for the whole catalog, else a count of the matches.
    static func total(of search: SearchFilter, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        if search.matching == nil && search.tags.isEmpty {
            guard let set = search.set else {
                return try await connection.execute(PhotoCount(), logger: logger).all().first ?? 0
            }
            return try await setCount(set, on: connection, logger: logger)
        }
        var count = QueryBuilder("SELECT count(*) FROM photo WHERE ")
        search.append(to: &count)
        return try await connection.query(count.query, logger: logger).collect { try $0.decode(Int.self) }.first ?? 0
    }

    /// Up to `limit` matches on one side of `position`, nearest first, skipping the first `offset`: older ones
    /// newest first, newer ones oldest first.
    static func rows(
        _ search: SearchFilter, from position: PageCursor, _ direction: PageDirection, offset: Int = 0, limit: Int,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [PhotoRecord] {
        let (comparison, order) = direction == .older ? ("<", "DESC") : (">", "ASC")
        if search.matching == nil, let set = search.set {
            var query = QueryBuilder()
            let walked = setWalk(set, tags: search.tags, selecting: .photos, into: &query)
            query.append(
                " AND (\(walked.takenAt), \(walked.id)) \(comparison) (\(query.bind(position.takenAt))::bigint, "
                    + "\(query.bind(position.id))::text) ORDER BY \(walked.takenAt) \(order), \(walked.id) \(order) "
                    + "LIMIT \(query.bind(max(0, limit))) OFFSET \(query.bind(max(0, offset)))")
            return try await connection.query(query.query, logger: logger).collect(Self.photo(from:))
        }
        var query = QueryBuilder("SELECT \(Self.photoColumns) FROM photo WHERE ")
        search.append(to: &query)
        query.append(
            " AND (photo.taken_at, photo.id) \(comparison) (\(query.bind(position.takenAt))::bigint, "
                + "\(query.bind(position.id))::text) ORDER BY photo.taken_at \(order), photo.id \(order) LIMIT "
                + query.bind(max(0, limit)) + " OFFSET " + query.bind(max(0, offset)))
        return try await connection.query(query.query, logger: logger).collect(Self.photo(from:))
    }
}
