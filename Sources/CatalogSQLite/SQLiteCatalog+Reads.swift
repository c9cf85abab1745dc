import Catalog
import GRDB
import VitrineCore

extension SQLiteCatalog {
    public func detail(id: String) async throws -> PhotoDetailRecord? {
        try await read { db in
            let sql = "SELECT \(PhotoRecord.positionalColumns) FROM photo WHERE photo.id = ?"
            guard let photo = try Self.positionalPhotos(sql, arguments: [id], in: db).first else { return nil }
            let variants = try Self.variants(of: [id], in: db)[id] ?? [:]
            return PhotoDetailRecord(
                item: PhotoWithVariants(photo: photo, variants: variants), tags: try Self.tags(of: id, in: db))
        }
    }

    public func photo(contentHash: String) async throws -> PhotoRecord? {
        try await read { db in try PhotoRecord.filter(Column("contentHash") == contentHash).fetchOne(db) }
    }

    public func photo(id: String) async throws -> PhotoWithVariants? {
        try await read { db in
            let sql = "SELECT \(PhotoRecord.positionalColumns) FROM photo WHERE photo.id = ?"
            guard let photo = try Self.positionalPhotos(sql, arguments: [id], in: db).first else { return nil }
            return PhotoWithVariants(photo: photo, variants: try Self.variants(of: [id], in: db)[id] ?? [:])
        }
    }

    public func count() async throws -> Int {
        try await read { db in try Self.photoCount(in: db) }
    }

    /// A page of photos, newest first by date taken then id, strictly after `cursor`, skipping `offset`.
    ///
    /// Keyset pagination: the `(takenAt, id)` index makes page 1 000 cost what page 1 costs, and rows inserted
    /// between two requests can neither shift an item into a page twice nor push one out unseen. A page with
    /// tags and no text walks the rarest tag's `(tagId, takenAt, photoId)` index the same way.
    public func page(
        after cursor: PageCursor?, offset: Int, limit: Int, filter: PhotoFilter
    ) async throws -> CatalogPage {
        try await read { db in
            let total = try Self.total(of: filter, in: db)
            var photos = try Self.rows(from: cursor, .older, offset: offset, limit: limit + 1, filter: filter, in: db)
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            // Skipped rows are newer matches; from a cursor, one index step tells.
            var hasNewer = offset > 0 && !photos.isEmpty
            if !hasNewer, cursor != nil, let first = photos.first {
                hasNewer = try Self.hasMatch(beyond: first, .newer, filter, in: db)
            }
            return try Self.page(
                photos, next: hasMore ? photos.last : nil, previous: hasNewer ? photos.first : nil, total: total, in: db
            )
        }
    }

    /// The page just newer than `cursor`, newest first: the nearest `limit` matches above it.
    public func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await read { db in
            let total = try Self.total(of: filter, in: db)
            var photos = try Self.rows(from: cursor, .newer, limit: limit + 1, filter: filter, in: db)
            let hasNewer = photos.count > limit
            if hasNewer { photos.removeLast() }
            photos.reverse()
            var hasOlder = false
            if let last = photos.last { hasOlder = try Self.hasMatch(beyond: last, .older, filter, in: db) }
            return try Self.page(
                photos, next: hasOlder ? photos.last : nil, previous: hasNewer ? photos.first : nil, total: total,
                in: db)
        }
    }

    /// Whether a photo matching `filter` lies beyond `photo` in `direction`.
    static func hasMatch(
        beyond photo: PhotoRecord, _ direction: PageDirection, _ filter: PhotoFilter, in db: Database
    )
        throws -> Bool
    {
        let position = PageCursor(takenAt: photo.takenAt, id: photo.id)
        return try !rows(from: position, direction, limit: 1, filter: filter, in: db).isEmpty
    }

    /// `photos` with their variants, and cursors at `next` and `previous`.
    static func page(
        _ photos: [PhotoRecord], next: PhotoRecord?, previous: PhotoRecord?, total: Int, in db: Database
    ) throws -> CatalogPage {
        let variants = try variants(of: photos.map(\.id), in: db)
        return CatalogPage(
            items: photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) },
            nextCursor: next.map { PageCursor(takenAt: $0.takenAt, id: $0.id) },
            previousCursor: previous.map { PageCursor(takenAt: $0.takenAt, id: $0.id) }, total: total)
    }

    /// The variant stored under `blobKey`, for serving assets by content address.
    public func variant(blobKey: BlobKey) async throws -> VariantRecord? {
        try await read { db in try VariantRecord.filter(Column("blobKey") == blobKey).fetchOne(db) }
    }

    /// A photo's variant of one kind, e.g. the JPEG thumb standing in for a WebP one.
    public func variant(photoId: String, kind: VariantKind) async throws -> VariantRecord? {
        try await read { db in
            try VariantRecord.filter(Column("photoId") == photoId && Column("kind") == kind.rawValue).fetchOne(db)
        }
    }

    static func variants(of ids: [String], in db: Database) throws -> [String: [VariantKind: VariantRecord]] {
        guard !ids.isEmpty else { return [:] }
        var result: [String: [VariantKind: VariantRecord]] = [:]
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let sql = "SELECT \(VariantRecord.positionalColumns) FROM variant WHERE variant.photoId IN (\(marks))"
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(ids))
        while let row = try rows.next() {
            let variant = try VariantRecord(positional: row)
            result[variant.photoId, default: [:]][variant.kind] = variant
        }
        return result
    }
}
