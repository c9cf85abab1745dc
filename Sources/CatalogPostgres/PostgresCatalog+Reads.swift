import Catalog
import PostgresNIO
import VitrineCore

extension PostgresCatalog: PhotoReading {
    public func photo(id: String) async throws -> PhotoWithVariants? {
        try await withConnection { connection in
            var found: PhotoRecord?
            var variants: [VariantKind: VariantRecord] = [:]
            for try await (photo, variant) in try await connection.execute(
                PhotoWithVariantsByID(id: id), logger: self.logger)
            {
                found = photo
                if let variant { variants[variant.kind] = variant }
            }
            return found.map { PhotoWithVariants(photo: $0, variants: variants) }
        }
    }

    public func detail(id: String) async throws -> PhotoDetailRecord? {
        try await withConnection { connection in
            var found: PhotoRecord?
            var variants: [VariantKind: VariantRecord] = [:]
            var tags: [String] = []
            for try await (photo, variant, names) in try await connection.execute(
                PhotoDetailByID(id: id), logger: self.logger)
            {
                if found == nil { found = photo }
                tags = names
                if let variant { variants[variant.kind] = variant }
            }
            return found.map { PhotoDetailRecord(item: PhotoWithVariants(photo: $0, variants: variants), tags: tags) }
        }
    }

    public func photo(contentHash: String) async throws -> PhotoRecord? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.photoColumns) FROM photo WHERE content_hash = \(contentHash)",
                logger: self.logger
            ).collect(Self.photo(from:)).first
        }
    }

    public func photos(ids: [String]) async throws -> [String: PhotoWithVariants] {
        guard !ids.isEmpty else { return [:] }
        return try await withConnection { connection in
            try await Self.photos(
                "SELECT \(unescaped: Self.photoColumns) FROM photo WHERE photo.id = ANY(\(ids)::text[])",
                on: connection, logger: self.logger
            ).reduce(into: [:]) { $0[$1.photo.id] = $1 }
        }
    }

    public func count() async throws -> Int {
        try await withConnection { connection in
            var count = 0
            for try await value in try await connection.execute(PhotoCount(), logger: self.logger) { count = value }
            return count
        }
    }

    /// How many photos have a variant of `kind`.
    public func count(of kind: VariantKind) async throws -> Int {
        try await withConnection { connection in
            try await connection.query(
                "SELECT count(*) FROM variant WHERE kind = \(kind.rawValue)", logger: self.logger
            ).collect { try $0.decode(Int.self) }.first ?? 0
        }
    }

    public func photoIds(status: PhotoStatus, limit: Int) async throws -> [String] {
        guard status != .ready else { return [] }
        return try await withConnection { connection in
            try await connection.query(
                """
                SELECT id FROM photo WHERE status = \(status.rawValue) AND status <> 'ready'
                ORDER BY imported_at, id LIMIT \(max(0, limit))
                """, logger: self.logger
            ).collect { try $0.decode(String.self) }
        }
    }

    /// Up to `limit` photos of the whole catalog after `position`, and the catalog's count, in one round
    /// trip (`PageAfterWithCount`).
    static func unfilteredRows(
        after position: PageCursor, limit: Int, on connection: PostgresConnection, logger: Logger
    ) async throws -> ([PhotoRecord], Int) {
        var total: Int?
        var photos: [PhotoRecord] = []
        let rows = try await connection.execute(
            PageAfterWithCount(takenAt: position.takenAt, id: position.id, limit: limit), logger: logger)
        for try await (count, photo) in rows {
            total = count
            photos.append(photo)
        }
        if let total { return (photos, total) }
        // An empty page has no row to carry the count.
        return (photos, try await connection.execute(PhotoCount(), logger: logger).all().first ?? 0)
    }

    /// A position above every photo: ids are base64url, every one of them sorts below "~" (byte order).
    static let abovePages = PageCursor(takenAt: .max, id: "~")

    public func variant(blobKey: BlobKey) async throws -> VariantRecord? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.variantColumns) FROM variant WHERE blob_key = \(blobKey.hex) LIMIT 1",
                logger: self.logger
            ).collect { try Self.variant(from: $0) }.compactMap { $0 }.first
        }
    }

    public func variant(photoId: String, kind: VariantKind) async throws -> VariantRecord? {
        try await withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.variantColumns) FROM variant
                WHERE photo_id = \(photoId) AND kind = \(kind.rawValue)
                """,
                logger: self.logger
            ).collect { try Self.variant(from: $0) }.compactMap { $0 }.first
        }
    }

    /// Up to `limit` photos without a variant of `kind`, newest first, after `cursor`.
    public func photos(
        missing kind: VariantKind, after cursor: PageCursor?, limit: Int
    ) async throws -> [PhotoWithVariants] {
        let position = cursor ?? Self.abovePages
        return try await withConnection { connection in
            var query = QueryBuilder("SELECT \(Self.photoColumns) FROM photo WHERE NOT EXISTS (")
            query.append(
                "SELECT 1 FROM variant WHERE variant.photo_id = photo.id AND variant.kind = \(query.bind(kind.rawValue)))"
            )
            query.append(
                " AND (photo.taken_at, photo.id) < (\(query.bind(position.takenAt))::bigint, "
                    + "\(query.bind(position.id))::text) ORDER BY photo.taken_at DESC, photo.id DESC LIMIT "
                    + query.bind(max(0, limit)))
            return try await Self.photos(query.query, on: connection, logger: self.logger)
        }
    }

    /// The photos `query` selects (its first columns `photoColumns`), with their variants, in its order.
    static func photos(
        _ query: PostgresQuery, on connection: PostgresConnection, logger: Logger
    ) async throws -> [PhotoWithVariants] {
        let photos = try await connection.query(query, logger: logger).collect(photo(from:))
        let variants = try await variants(of: photos.map(\.id), on: connection, logger: logger)
        return photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) }
    }

    /// The variants of `ids`, by photo and kind.
    static func variants(
        of ids: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> [String: [VariantKind: VariantRecord]] {
        guard !ids.isEmpty else { return [:] }
        var result: [String: [VariantKind: VariantRecord]] = [:]
        for try await variant in try await connection.execute(VariantsOfPhotos(ids: ids), logger: logger) {
            guard let variant else { continue }
            result[variant.photoId, default: [:]][variant.kind] = variant
        }
        return result
    }
}
