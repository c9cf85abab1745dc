import Catalog
import PostgresNIO

/// The hot reads as prepared statements: each connection of the pool parses and plans them once.
extension PostgresCatalog {
    /// One photo by id with its variants, one row per variant (the variant columns NULL when it has none):
    /// a photo's detail costs one round trip to the database for both.
    struct PhotoWithVariantsByID: PostgresPreparedStatement {
        static let name = "vitrine_photo_with_variants_by_id"
        static let sql = """
            SELECT \(PostgresCatalog.photoColumns), \(PostgresCatalog.variantColumns)
            FROM photo LEFT JOIN variant ON variant.photo_id = photo.id WHERE photo.id = $1
            """
        typealias Row = (PhotoRecord, VariantRecord?)
        var id: String

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> (PhotoRecord, VariantRecord?) {
            let offset = PostgresCatalog.photoInsertColumns.count
            let hasVariant = try PostgresRandomAccessRow(row)[offset].decode(String?.self) != nil
            return (
                try PostgresCatalog.photo(from: row),
                hasVariant ? try PostgresCatalog.variant(from: row, offset: offset) : nil
            )
        }
    }

    /// The variants of some photos (`photo_id = ANY($1)`).
    struct VariantsOfPhotos: PostgresPreparedStatement {
        static let name = "vitrine_variants_of_photos"
        static let sql =
            "SELECT \(PostgresCatalog.variantColumns) FROM variant WHERE variant.photo_id = ANY($1::text[])"
        typealias Row = VariantRecord?
        var ids: [String]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> VariantRecord? { try PostgresCatalog.variant(from: row) }
    }

    /// How many photos there are (kept by triggers in `photo_count`).
    struct PhotoCount: PostgresPreparedStatement {
        static let name = "vitrine_photo_count"
        static let sql = "SELECT n FROM photo_count"
        typealias Row = Int
        func makeBindings() -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Int { Int(try row.decode(Int64.self)) }
    }

    /// A photo's detail: the photo, one row per variant, and its tags (in name order, case-insensitively)
    /// on every row, in one round trip.
    struct PhotoDetailByID: PostgresPreparedStatement {
        static let name = "vitrine_photo_detail_by_id"
        static let sql = """
            SELECT \(PostgresCatalog.photoColumns), \(PostgresCatalog.variantColumns),
                ARRAY(SELECT tag.name FROM tag JOIN photo_tag ON photo_tag.tag_id = tag.id
                      WHERE photo_tag.photo_id = photo.id ORDER BY lower(tag.name), tag.name)
            FROM photo LEFT JOIN variant ON variant.photo_id = photo.id WHERE photo.id = $1
            """
        typealias Row = (PhotoRecord, VariantRecord?, [String])
        var id: String

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> (PhotoRecord, VariantRecord?, [String]) {
            let offset = PostgresCatalog.photoInsertColumns.count
            let cells = PostgresRandomAccessRow(row)
            let hasVariant = try cells[offset].decode(String?.self) != nil
            return (
                try PostgresCatalog.photo(from: row),
                hasVariant ? try PostgresCatalog.variant(from: row, offset: offset) : nil,
                try cells[offset + 7].decode([String].self)
            )
        }
    }

    /// A page of the whole catalog, newest first, after a position (the first page passes one above every
    /// photo, so one plan serves every page), with the catalog's count on every row: the count costs no
    /// round trip of its own. (Joining the variants in as well repeats every photo's columns once per
    /// variant, and measured slower than the second query for them.)
    struct PageAfterWithCount: PostgresPreparedStatement {
        static let name = "vitrine_page_after_with_count"
        static let sql = """
            SELECT (SELECT n FROM photo_count), \(PostgresCatalog.photoColumns) FROM photo
            WHERE (photo.taken_at, photo.id) < ($1::bigint, $2::text)
            ORDER BY photo.taken_at DESC, photo.id DESC LIMIT $3::bigint
            """
        typealias Row = (total: Int, photo: PhotoRecord)
        var takenAt: Int64
        var id: String
        var limit: Int

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.appendPosition(takenAt: takenAt, id: id, limit: limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> (total: Int, photo: PhotoRecord) {
            try PostgresCatalog.countedPhoto(from: row)
        }
    }

    /// A page's row that carries its count first, then the photo's columns.
    static func countedPhoto(from row: PostgresRow) throws -> (total: Int, photo: PhotoRecord) {
        (Int(try PostgresRandomAccessRow(row)[0].decode(Int64.self)), try photo(from: row, offset: 1))
    }
}

extension PostgresBindings {
    /// A keyset position and a page size, in that order (`$n::bigint, $n+1::text … $n+2::bigint`).
    mutating func appendPosition(takenAt: Int64, id: String, limit: Int) {
        append(takenAt)
        append(id)
        append(limit)
    }
}
