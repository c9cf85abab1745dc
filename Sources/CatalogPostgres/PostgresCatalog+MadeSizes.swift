import Catalog
import PostgresNIO
import VitrineCore

/// Sizes made on demand (Pixabay's 150/640/1280 px) and the view and download counters: the parts of
/// `PhotoReading` and `PhotoWriting` the compatible APIs use.
extension PostgresCatalog {
    static let sizedVariantColumns = "photo_id, edge, blob_key, mime_type, width, height, byte_size"

    static func sizedVariant(from row: PostgresRow) throws -> SizedVariantRecord? {
        let (photoId, edge, key, mimeType, width, height, byteSize) = try row.decode(
            (String, Int, String, String, Int, Int, Int64).self)
        guard let blobKey = BlobKey(hex: key) else { return nil }
        return SizedVariantRecord(
            photoId: photoId, edge: edge, blobKey: blobKey, mimeType: mimeType, width: width, height: height,
            byteSize: byteSize)
    }

    public func sizedVariant(photoId: String, edge: Int) async throws -> SizedVariantRecord? {
        try await withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.sizedVariantColumns) FROM sized_variant
                WHERE photo_id = \(photoId) AND edge = \(edge)
                """, logger: self.logger
            ).collect(Self.sizedVariant(from:)).compactMap { $0 }.first
        }
    }

    /// Records a size whose blob `leaseOwner` leased and wrote, dropping the lease in the same transaction.
    /// Returns the row now stored (an earlier one wins a race); nil when the photo was deleted meanwhile.
    public func insertSizedVariant(_ record: SizedVariantRecord, leaseOwner: String) async throws -> SizedVariantRecord?
    {
        try await transaction { connection in
            let logger = self.logger
            try await Self.releaseLeases(owner: leaseOwner, on: connection, logger: logger)
            // FOR SHARE: a concurrent delete of the photo waits for this transaction (or went first).
            let exists = try await connection.query(
                "SELECT 1 FROM photo WHERE id = \(record.photoId) FOR SHARE", logger: logger
            ).collect { _ in true }
            guard !exists.isEmpty else { return nil }
            try await connection.query(
                """
                INSERT INTO sized_variant (\(unescaped: Self.sizedVariantColumns))
                VALUES (\(record.photoId), \(record.edge)::integer, \(record.blobKey.hex), \(record.mimeType),
                    \(record.width)::integer, \(record.height)::integer, \(record.byteSize))
                ON CONFLICT (photo_id, edge) DO NOTHING
                """, logger: logger)
            return try await connection.query(
                """
                SELECT \(unescaped: Self.sizedVariantColumns) FROM sized_variant
                WHERE photo_id = \(record.photoId) AND edge = \(record.edge)
                """, logger: logger
            ).collect(Self.sizedVariant(from:)).compactMap { $0 }.first
        }
    }

    /// Adds one to a counter without touching `updated_at`; false when there is no such photo.
    @discardableResult
    public func increment(_ counter: PhotoCounter, photoId: String) async throws -> Bool {
        try await withConnection { connection in
            // The column name comes from the enum, never from the request.
            let column = counter == .views ? "views" : "downloads"
            let updated = try await connection.query(
                // Never past bigint's largest: the sum would fail the statement.
                """
                UPDATE photo_compat
                SET \(unescaped: column) = CASE WHEN \(unescaped: column) < 9223372036854775807
                    THEN \(unescaped: column) + 1 ELSE \(unescaped: column) END
                WHERE photo_id = \(photoId) RETURNING 1
                """,
                logger: self.logger
            ).collect { _ in true }
            return !updated.isEmpty
        }
    }

    /// The current counts, nil when there is no such photo.
    public func counters(photoId: String) async throws -> (views: Int, downloads: Int)? {
        try await withConnection { connection in
            try await connection.query(
                "SELECT views, downloads FROM photo_compat WHERE photo_id = \(photoId)", logger: self.logger
            ).collect { try $0.decode((Int, Int).self) }.first.map { (views: $0.0, downloads: $0.1) }
        }
    }
}
