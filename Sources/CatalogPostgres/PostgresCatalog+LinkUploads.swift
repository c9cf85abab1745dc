import Catalog
import PostgresNIO

/// The log of visitors' uploads through share links (`link_upload`).
extension PostgresCatalog {
    /// Serialised per link by an advisory lock held to the commit (the log outlives the link's row, so
    /// there may be no row to lock): every server's uploads through one link count in turn.
    public func recordLinkUpload(slug: String, photoId: String, at: Int64, limit: Int) async throws -> Bool {
        try await transaction { connection in
            let key = "link-upload:" + slug
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))", logger: self.logger)
            let known = try await connection.query(
                "SELECT 1 FROM link_upload WHERE slug = \(slug) AND photo_id = \(photoId)", logger: self.logger
            ).collect()
            if !known.isEmpty { return true }
            let counts = try await connection.query(
                "SELECT count(*) FROM link_upload WHERE slug = \(slug)", logger: self.logger
            ).collect { try $0.decode(Int64.self) }
            guard (counts.first ?? 0) < Int64(limit) else { return false }
            try await connection.query(
                "INSERT INTO link_upload (slug, photo_id, uploaded_at) VALUES (\(slug), \(photoId), \(at))",
                logger: self.logger)
            return true
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
