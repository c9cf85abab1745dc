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
            try Self.page(KeysetWalk.older(after: cursor, offset: offset, limit: limit), filter, in: db)
        }
    }

    /// The page just newer than `cursor`, newest first: the nearest `limit` matches above it.
    public func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await read { db in try Self.page(KeysetWalk.newer(before: cursor, limit: limit), filter, in: db) }
    }

    /// `walk`'s page of `filter`'s matches, its reads made in one transaction.
    static func page(_ walk: KeysetWalk, _ filter: PhotoFilter, in db: Database) throws -> CatalogPage {
        var walk = walk
        let total = try total(of: filter, in: db)
        while let read = walk.read {
            walk.received(
                try rows(
                    from: read.from, read.direction, offset: read.offset, limit: read.limit, filter: filter, in: db))
        }
        return CatalogPage(walk, variants: try variants(of: walk.photos.map(\.id), in: db), total: total)
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
