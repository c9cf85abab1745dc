import Catalog
import PostgresNIO

/// The log of visitors' uploads through share links (`link_upload`).
extension PostgresCatalog {
    public func recordLinkUpload(slug: String, photoId: String, at: Int64) async throws {
        try await withConnection { connection in
            try await connection.query(
                """
                INSERT INTO link_upload (slug, photo_id, uploaded_at) VALUES (\(slug), \(photoId), \(at))
                ON CONFLICT DO NOTHING
                """, logger: self.logger)
        }
    }

    public func linkUploadCount(slug: String) async throws -> Int {
        try await withConnection { connection in
            let counts = try await connection.query(
                "SELECT count(*) FROM link_upload WHERE slug = \(slug)", logger: self.logger
            ).collect { try $0.decode(Int64.self) }
            return Int(clamping: counts.first ?? 0)
        }
    }

    public func uploadLinks(photoId: String) async throws -> [String] {
        try await withConnection { connection in
            try await connection.query(
                "SELECT slug FROM link_upload WHERE photo_id = \(photoId) ORDER BY uploaded_at, slug",
                logger: self.logger
            ).collect { try $0.decode(String.self) }
        }
    }
}
