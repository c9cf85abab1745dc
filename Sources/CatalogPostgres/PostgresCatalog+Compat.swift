import Blobs
import Catalog
import PostgresNIO

/// Reads for the compatible APIs: Pixabay searches and Parse `Resource` queries, both offset-paged (their
/// protocols page by number), with the same conditions and orders as `SQLiteCatalog`'s. Each page is one
/// parameterised statement over `photo` joined to `photo_compat` (with each photo's tags), then the photos'
/// records and variants by id (`photos(ids:)`).
///
/// Every column these queries sort on is NOT NULL, so NULL ordering cannot differ from SQLite's; the orders
/// still say NULLS FIRST for ascending and NULLS LAST for descending, SQLite's rule, should one ever be
/// nullable. Text is compared and sorted `COLLATE "C"`, SQLite's BINARY.
extension PostgresCatalog: CompatReading {
    static let compatFrom = "FROM photo JOIN photo_compat ON photo_compat.photo_id = photo.id"

    /// A Pixabay search: matches, ordered, one page of them, and how many matched.
    public func compatSearch(_ search: CompatSearch) async throws -> CompatPage {
        var query = CompatQuery()
        let words = search.filter.words
        if !words.isEmpty {
            let pattern = query.bind(Self.prefixQuery(words))
            query.clauses.append("photo.search @@ to_tsquery('simple', unaccent(\(pattern)))")
        }
        if let number = search.number {
            query.clauses.append("photo_compat.number = \(query.bind(number))")
        }
        switch search.orientation {
        case .all: break
        case .horizontal: query.clauses.append("photo.width > photo.height")
        case .vertical: query.clauses.append("photo.height > photo.width")
        }
        if search.minWidth > 0 {
            query.clauses.append("photo.width >= \(query.bind(Int64(search.minWidth)))")
        }
        if search.minHeight > 0 {
            query.clauses.append("photo.height >= \(query.bind(Int64(search.minHeight)))")
        }
        if search.grayscaleOnly {
            query.clauses.append("photo.colorfulness < \(query.bind(Colorfulness.grayscaleThreshold))")
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
            compat.clauses.append(Self.sql(for: condition, in: &compat))
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
        query.clauses.append("photo_compat.object_id = \(query.bind(objectId))")
        query.order = "photo_compat.number"
        return try await compatPage(query, offset: 0, limit: 1, counting: false).items.first
    }

    /// A tsquery of every word as a quoted prefix (`'boat':* & 'red':*`): quoting keeps each word one lexeme,
    /// whatever it contains, so nothing a user types is tsquery syntax. `to_tsquery('simple', …)` lower-cases
    /// the lexemes, and `unaccent` folds their diacritics, as the `search` column's are.
    static func prefixQuery(_ words: [String]) -> String {
        words.map { word in
            let quoted = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''")
            return "'\(quoted)':*"
        }.joined(separator: " & ")
    }

    /// One Parse condition. A value whose kind is not its field's (the server never sends one) matches
    /// nothing: `=` and the orderings are false, `<>` is true, and `$in`/`$nin` ignore it.
    static func sql(for condition: ResourceCondition, in query: inout CompatQuery) -> String {
        switch condition {
        case .exists(_, let present):
            // Every field is always set (the URL fields are built from variants every photo has).
            return present ? "TRUE" : "FALSE"
        case .compare(let field, let comparison, let value):
            guard let column = field.column, let bound = query.bind(value, as: field.kind) else {
                return field.column != nil && comparison == .notEqual ? "TRUE" : "FALSE"
            }
            return "\(column) \(comparison.rawValue) \(bound)"
        case .contained(let field, let values, let negated):
            guard let column = field.column else { return negated ? "TRUE" : "FALSE" }
            let bound = values.compactMap { query.bind($0, as: field.kind) }
            guard !bound.isEmpty else { return negated ? "TRUE" : "FALSE" }
            return "\(column) \(negated ? "NOT IN" : "IN") (\(bound.joined(separator: ", ")))"
        }
    }

    func compatPage(_ query: CompatQuery, offset: Int, limit: Int, counting: Bool) async throws -> CompatPage {
        let whereSQL =
            query.clauses.isEmpty ? "" : " WHERE " + query.clauses.map { "(\($0))" }.joined(separator: " AND ")
        let (total, rows) = try await withConnection { connection in
            let total =
                counting
                ? try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT COUNT(*) " + Self.compatFrom + whereSQL, binds: query.binds),
                    logger: self.logger
                ).collect().first?.decode(Int64.self) ?? 0 : 0
            guard limit > 0 else { return (total, [PostgresRow]()) }
            var page = query
            let sql = """
                SELECT photo.id, photo_compat.number, photo_compat.object_id, photo_compat.views,
                    photo_compat.downloads,
                    ARRAY(SELECT tag.name FROM photo_tag JOIN tag ON tag.id = photo_tag.tag_id
                        WHERE photo_tag.photo_id = photo.id ORDER BY lower(tag.name))
                \(Self.compatFrom)\(whereSQL) ORDER BY \(query.order)
                LIMIT \(page.bind(Int64(limit))) OFFSET \(page.bind(Int64(max(0, offset))))
                """
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: sql, binds: page.binds), logger: self.logger
            ).collect()
            return (total, rows)
        }
        let found = try rows.map { try $0.decode((String, Int64, String, Int64, Int64, [String]).self) }
        let photos = try await photos(ids: found.map(\.0))
        // A photo deleted between the two reads is left out of the page.
        let items = found.compactMap { id, number, objectId, views, downloads, tags in
            photos[id].map {
                CompatPhoto(
                    item: $0, tags: tags, number: number, objectId: objectId, views: Int(views),
                    downloads: Int(downloads))
            }
        }
        return CompatPage(total: Int(total), items: items)
    }
}

/// The conditions, order and bound values of one compat page, built up clause by clause: values are bound
/// as parameters (`$1`, `$2`…), never spliced into the SQL.
struct CompatQuery {
    var clauses: [String] = []
    var order = "photo_compat.number"
    var binds = PostgresBindings()

    /// Binds `value` and returns its placeholder.
    mutating func bind<Value: PostgresNonThrowingEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds a Parse value as its field's type, or returns nil when the kinds differ.
    mutating func bind(_ value: ResourceValue, as kind: ResourceField.Kind) -> String? {
        switch (kind, value) {
        case (.text, .text(let text)): bind(text)
        case (.number, .number(let number)) where number.isFinite: bind(number)
        case (.date, .date(let milliseconds)): bind(milliseconds)
        default: nil
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
