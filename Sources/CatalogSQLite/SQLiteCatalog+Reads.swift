import Blobs
import Catalog
import GRDB

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

    /// A page of photos, newest first by date taken then id, strictly after `cursor`.
    ///
    /// Keyset pagination: the `(takenAt, id)` index makes page 1 000 cost what page 1 costs, and rows inserted
    /// between two requests can neither shift an item into a page twice nor push one out unseen. A page with
    /// tags and no text walks the rarest tag's `(tagId, takenAt, photoId)` index the same way.
    public func page(after cursor: PageCursor?, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await read { db in
            let total = try Self.total(of: filter, in: db)
            var photos =
                try filter.ftsPattern == nil && !filter.tags.isEmpty
                ? Self.tagPage(after: cursor, limit: limit + 1, tags: filter.tags, in: db)
                : Self.orderedPage(after: cursor, limit: limit + 1, filter: filter, in: db)
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            let items = photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) }
            let next = hasMore ? photos.last.map { PageCursor(takenAt: $0.takenAt, id: $0.id) } : nil
            return CatalogPage(items: items, nextCursor: next, total: total)
        }
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
