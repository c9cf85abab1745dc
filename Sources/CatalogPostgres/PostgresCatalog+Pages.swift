import Catalog
import PostgresNIO

/// Pages of the newest-first order from any position, by keyset on the `(taken_at DESC, id DESC)` index.
extension PostgresCatalog {
    /// A page of photos, newest first by date taken then id, strictly after `cursor`, skipping `offset`.
    public func page(
        after cursor: PageCursor?, offset: Int, limit: Int, filter: PhotoFilter
    ) async throws -> CatalogPage {
        let (limit, offset) = (max(0, limit), max(0, offset))
        return try await withConnection { connection in
            let logger = self.logger
            let position = cursor ?? Self.abovePages
            let search = try await Self.searchFilter(filter, on: connection, logger: logger)
            var photos: [PhotoRecord]
            let total: Int
            if filter.isEmpty && offset == 0 {
                (photos, total) = try await Self.unfilteredRows(
                    after: position, limit: limit + 1, on: connection, logger: logger)
            } else {
                total = try await Self.total(of: search, on: connection, logger: logger)
                photos = try await Self.rows(
                    search, from: position, .older, offset: offset, limit: limit + 1, on: connection, logger: logger)
            }
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            // Skipped rows are newer matches; from a cursor, one index step tells.
            var hasNewer = offset > 0 && !photos.isEmpty
            if !hasNewer, cursor != nil, let first = photos.first {
                hasNewer = try await Self.hasMatch(search, beyond: first, .newer, on: connection, logger: logger)
            }
            return try await Self.page(
                photos, next: hasMore ? photos.last : nil, previous: hasNewer ? photos.first : nil, total: total,
                on: connection, logger: logger)
        }
    }

    /// The page just newer than `cursor`, newest first: the nearest `limit` matches above it.
    public func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        let limit = max(0, limit)
        return try await withConnection { connection in
            let logger = self.logger
            let search = try await Self.searchFilter(filter, on: connection, logger: logger)
            let total = try await Self.total(of: search, on: connection, logger: logger)
            var photos = try await Self.rows(
                search, from: cursor, .newer, limit: limit + 1, on: connection, logger: logger)
            let hasNewer = photos.count > limit
            if hasNewer { photos.removeLast() }
            photos.reverse()
            var hasOlder = false
            if let last = photos.last {
                hasOlder = try await Self.hasMatch(search, beyond: last, .older, on: connection, logger: logger)
            }
            return try await Self.page(
                photos, next: hasOlder ? photos.last : nil, previous: hasNewer ? photos.first : nil, total: total,
                on: connection, logger: logger)
        }
    }

    /// How many photos match: the kept count for the whole catalog, else a count of the matches.
    static func total(of search: SearchFilter, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        if search.matching == nil && search.tags.isEmpty {
            return try await connection.execute(PhotoCount(), logger: logger).all().first ?? 0
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
        var query = QueryBuilder("SELECT \(Self.photoColumns) FROM photo WHERE ")
        search.append(to: &query)
        query.append(
            " AND (photo.taken_at, photo.id) \(comparison) (\(query.bind(position.takenAt))::bigint, "
                + "\(query.bind(position.id))::text) ORDER BY photo.taken_at \(order), photo.id \(order) LIMIT "
                + query.bind(max(0, limit)) + " OFFSET " + query.bind(max(0, offset)))
        return try await connection.query(query.query, logger: logger).collect(Self.photo(from:))
    }

    /// Whether a match lies beyond `photo` in `direction`.
    static func hasMatch(
        _ search: SearchFilter, beyond photo: PhotoRecord, _ direction: PageDirection,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let position = PageCursor(takenAt: photo.takenAt, id: photo.id)
        return try await !rows(search, from: position, direction, limit: 1, on: connection, logger: logger).isEmpty
    }

    /// `photos` with their variants, and cursors at `next` and `previous`.
    static func page(
        _ photos: [PhotoRecord], next: PhotoRecord?, previous: PhotoRecord?, total: Int,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> CatalogPage {
        let variants = try await variants(of: photos.map(\.id), on: connection, logger: logger)
        return CatalogPage(
            items: photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) },
            nextCursor: next.map { PageCursor(takenAt: $0.takenAt, id: $0.id) },
            previousCursor: previous.map { PageCursor(takenAt: $0.takenAt, id: $0.id) }, total: total)
    }
}
