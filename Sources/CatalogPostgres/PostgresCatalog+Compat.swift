import Catalog
import Logging
import PostgresNIO

/// Reads for the compatible APIs: Pixabay searches and Parse `Resource` queries, both offset-paged (their
/// protocols page by number), with the same conditions and orders as `SQLiteCatalog`'s: one parameterised
/// statement over `photo` joined to `photo_compat` (with each photo's tags) for the page, one for the count,
/// one for the page's variants, on one connection.
///
/// Every column these queries sort on is NOT NULL, so NULL ordering cannot differ from SQLite's; the orders
/// still say NULLS FIRST for ascending and NULLS LAST for descending, SQLite's rule, should one ever be
/// nullable. Text is compared and sorted `COLLATE "C"`, SQLite's BINARY.

extension PostgresCatalog: CompatReading {
    static let compatFrom = " FROM photo JOIN photo_compat ON photo_compat.photo_id = photo.id"

    /// A Pixabay search: matches, ordered, one page of them, and how many matched.
    public func compatSearch(_ search: CompatSearch) async throws -> CompatPage {
        var query = CompatQuery()
        // Only the words: like `SQLiteCatalog`, a Pixabay search has no tag filter.
        let words = PhotoFilter(query: search.filter.query)
        if !words.words.isEmpty {
            query.conditions.append { builder, connection, logger in
                try await Self.searchFilter(words, on: connection, logger: logger).append(to: &builder)
            }
        }
        if let number = search.number {
            query.clauses.append { "photo_compat.number = \($0.bind(number))" }
        }
        switch search.orientation {
        case .all: break
        case .horizontal: query.clauses.append { _ in "photo.width > photo.height" }
        case .vertical: query.clauses.append { _ in "photo.height > photo.width" }
        }
        if search.minWidth > 0 {
            let minimum = Int64(search.minWidth)
            query.clauses.append { "photo.width >= \($0.bind(minimum))" }
        }
        if search.minHeight > 0 {
            let minimum = Int64(search.minHeight)
            query.clauses.append { "photo.height >= \($0.bind(minimum))" }
        }
        if search.grayscaleOnly {
            query.clauses.append { "photo.colorfulness < \($0.bind(Colorfulness.grayscaleThreshold))" }
        }
        if let kind = search.kind {
            query.clauses.append { "photo.kind = \($0.bind(kind.rawValue))" }
        }
        query.order =
            switch search.order {
            // Most opened and downloaded first; newest import breaks ties, the number makes the order total.
            // The sum is numeric so that no count, however large, makes the statement fail.
            case .popular:
                "photo_compat.views::numeric + photo_compat.downloads DESC NULLS LAST, "
                    + "photo.imported_at DESC NULLS LAST, photo_compat.number DESC"
            case .latest: "photo.imported_at DESC NULLS LAST, photo_compat.number DESC"
            }
        return try await compatPage(query, offset: search.offset, limit: search.limit, counting: true)
    }

    /// A Parse query on `Resource`. `total` is counted only when `counting` (Parse's `count=1`).
    public func resources(_ query: ResourceQuery, counting: Bool) async throws -> (items: [CompatPhoto], total: Int?) {
        var compat = CompatQuery()
        for condition in query.conditions {
            compat.clauses.append { Self.sql(for: condition, in: &$0) }
        }
        var order = query.order.compactMap { sort in
            sort.field.column.map { "\($0) \(sort.descending ? "DESC NULLS LAST" : "ASC NULLS FIRST")" }
        }
        // A total order, so skip/limit pages neither repeat nor miss a photo.
        order.append("photo_compat.number \(query.order.last?.descending == true ? "DESC" : "ASC")")
        compat.order = order.joined(separator: ", ")
        let page = try await compatPage(compat, offset: query.skip, limit: query.limit, counting: counting)
        return (page.items, counting ? page.total : nil)
    }

    /// One photo by its Parse object id.
    public func compatPhoto(objectId: String) async throws -> CompatPhoto? {
        var query = CompatQuery()
        query.clauses.append { "photo_compat.object_id = \($0.bind(objectId))" }
        return try await compatPage(query, offset: 0, limit: 1, counting: false).items.first
    }

    /// One Parse condition. A value whose kind is not its field's (the server never sends one) matches
    /// nothing: `=` and the orderings are false, `<>` is true, and `$in`/`$nin` ignore it.
    static func sql(for condition: ResourceCondition, in query: inout QueryBuilder) -> String {
        switch condition {
        case .exists(_, let present):
            // Every field is always set (the URL fields are built from variants every photo has).
            return present ? "TRUE" : "FALSE"
        case .compare(let field, let comparison, let value):
            guard let column = field.column, let bound = bind(value, as: field.kind, in: &query) else {
                return field.column != nil && comparison == .notEqual ? "TRUE" : "FALSE"
            }
            return "\(column) \(comparison.rawValue) \(bound)"
        case .contained(let field, let values, let negated):
            guard let column = field.column else { return negated ? "TRUE" : "FALSE" }
            let bound = values.compactMap { bind($0, as: field.kind, in: &query) }
            guard !bound.isEmpty else { return negated ? "TRUE" : "FALSE" }
            return "\(column) \(negated ? "NOT IN" : "IN") (\(bound.joined(separator: ", ")))"
        }
    }

    /// Binds a Parse value as its field's type and returns its placeholder, or nil when the kinds differ.
    static func bind(_ value: ResourceValue, as kind: ResourceField.Kind, in query: inout QueryBuilder) -> String? {
        switch (kind, value) {
        case (.text, .text(let text)): query.bind(text)
        case (.number, .number(let number)) where number.isFinite: query.bind(number)
        case (.date, .date(let milliseconds)): query.bind(milliseconds)
        default: nil
        }
    }

    /// The compat columns and tags after `photoColumns`, read by position in `compatPhoto(from:variants:)`.
    static let compatColumns = """
        photo_compat.number, photo_compat.object_id, photo_compat.views, photo_compat.downloads,
        ARRAY(SELECT tag.name FROM photo_tag JOIN tag ON tag.id = photo_tag.tag_id
            WHERE photo_tag.photo_id = photo.id ORDER BY lower(tag.name), tag.name)
        """

    func compatPage(_ query: CompatQuery, offset: Int, limit: Int, counting: Bool) async throws -> CompatPage {
        let offset = Int64(max(0, offset))
        let limit = Int64(max(0, limit))
        return try await withConnection { connection in
            let logger = self.logger
            var total: Int64 = 0
            if counting {
                var count = QueryBuilder("SELECT COUNT(*)" + Self.compatFrom)
                try await query.appendWhere(to: &count, on: connection, logger: logger)
                total =
                    try await connection.query(count.query, logger: logger).collect { try $0.decode(Int64.self) }
                    .first ?? 0
            }
            guard limit > 0 else { return CompatPage(total: Int(total), items: []) }
            var page = QueryBuilder("SELECT \(Self.photoColumns), \(Self.compatColumns)" + Self.compatFrom)
            try await query.appendWhere(to: &page, on: connection, logger: logger)
            page.append(" ORDER BY \(query.order) LIMIT \(page.bind(limit)) OFFSET \(page.bind(offset))")
            let rows = try await connection.query(page.query, logger: logger).collect { $0 }
            let photos = try rows.map(Self.photo(from:))
            let variants = try await Self.variants(of: photos.map(\.id), on: connection, logger: logger)
            let items = try zip(rows, photos).map { row, photo in
                let cells = PostgresRandomAccessRow(row)
                let first = Self.photoColumnCount
                return CompatPhoto(
                    item: PhotoWithVariants(photo: photo, variants: variants[photo.id] ?? [:]),
                    tags: try cells[first + 4].decode([String].self), number: try cells[first].decode(Int64.self),
                    objectId: try cells[first + 1].decode(String.self),
                    views: Int(try cells[first + 2].decode(Int64.self)),
                    downloads: Int(try cells[first + 3].decode(Int64.self)))
            }
            return CompatPage(total: Int(total), items: items)
        }
    }

    /// How many columns `photoColumns` lists (the compat columns follow them).
    static let photoColumnCount = photoInsertColumns.count
}

/// The conditions and order of one compat page. Each condition binds its values as it writes itself, so the
/// count and the page, two statements with parameters of their own, each get a full set.
struct CompatQuery: Sendable {
    /// Conditions that need only parameters.
    var clauses: [@Sendable (inout QueryBuilder) -> String] = []
    /// Conditions that need the database to be written (full-text words are folded there).
    var conditions: [@Sendable (inout QueryBuilder, PostgresConnection, Logger) async throws -> Void] = []
    var order = "photo_compat.number"

    /// Appends ` WHERE …` (nothing without conditions).
    func appendWhere(to query: inout QueryBuilder, on connection: PostgresConnection, logger: Logger) async throws {
        guard !clauses.isEmpty || !conditions.isEmpty else { return }
        query.append(" WHERE ")
        var first = true
        for clause in clauses {
            query.append(first ? "(" : " AND (")
            let sql = clause(&query)
            query.append(sql + ")")
            first = false
        }
        for condition in conditions {
            query.append(first ? "(" : " AND (")
            try await condition(&query, connection, logger)
            query.append(")")
            first = false
        }
    }
}

extension ResourceField {
    /// The SQL expression behind a stored field; nil for URLs, which are built per request from the base URL.
    /// Fixed strings only: user text never reaches the SQL, it is bound as an argument.
    var column: String? {
        switch self {
        case .objectId: "photo_compat.object_id"
        case .createdAt: "photo.imported_at"
        case .updatedAt: "photo.updated_at"
        case .filename: "photo.original_name COLLATE \"C\""
        case .width: "photo.width"
        case .height: "photo.height"
        case .thumbnailURLString, .fileURLString: nil
        }
    }
}
