import Catalog
import TestSupport
import Testing
import VitrineAPI
import VitrineCore

@testable import CatalogPostgres

/// Migration v2 on a database that already has photos, and what its triggers do for writes no catalog method
/// makes (a link written without its date, a photo's date changed) but another tool might.
@Suite struct PostgresMonthCountTests {
    func counts(_ catalog: PostgresCatalog, _ filter: PhotoFilter = PhotoFilter()) async throws -> [String] {
        try await catalog.monthCounts(filter: filter).map { "\($0.month.year)-\($0.month.month):\($0.count)" }
    }

    @Test func v2CountsPhotosThatWereThereAndFollowTakenAt() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("months")
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        // The schema as v1 left it, with photos and tags in it.
        for statement in PostgresCatalog.migrations[0].statements { try server.psql(statement, database: database) }
        try server.psql(
            """
            CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
            INSERT INTO schema_migration (name) VALUES ('v1')
            """, database: database)
        let november = try #require(UTCMonth(year: 2025, month: 11)?.startMilliseconds)
        for (index, takenAt) in [november, november + 5, november - 1, -1].enumerated() {
            try server.psql(
                """
                INSERT INTO photo (id, content_hash, original_name, format, mime_type, byte_size, width, height,
                    taken_at, taken_at_source, thumb_hash, average_color, imported_at, updated_at)
                VALUES ('oldPhoto000\(index)', 'hash\(index)', 'old.jpg', 'jpeg', 'image/jpeg', 1, 4, 3, \(takenAt),
                    'file', '\\x01', '#808080', 0, 0)
                """, database: database)
        }
        try server.psql(
            """
            INSERT INTO tag (id, name) VALUES (1, 'sea');
            INSERT INTO photo_tag (photo_id, tag_id) VALUES ('oldPhoto0000', 1), ('oldPhoto0002', 1)
            """, database: database)

        let catalog = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        #expect(try await counts(catalog) == ["2025-11:2", "2025-10:1", "1969-12:1"])
        #expect(try await counts(catalog, PhotoFilter(tags: ["SEA"])) == ["2025-11:1", "2025-10:1"])

        // A link written without its date gets its photo's.
        try server.psql("INSERT INTO photo_tag (photo_id, tag_id) VALUES ('oldPhoto0003', 1)", database: database)
        #expect(try await counts(catalog, PhotoFilter(tags: ["sea"])) == ["2025-11:1", "2025-10:1", "1969-12:1"])

        try server.psql(
            "UPDATE photo SET taken_at = 0 WHERE id IN ('oldPhoto0000', 'oldPhoto0003')", database: database)
        #expect(try await counts(catalog) == ["2025-11:1", "2025-10:1", "1970-1:2"])
        #expect(try await counts(catalog, PhotoFilter(tags: ["sea"])) == ["2025-10:1", "1970-1:2"])
        _ = try await catalog.delete(id: "oldPhoto0000")
        #expect(try await counts(catalog, PhotoFilter(tags: ["sea"])) == ["2025-10:1", "1970-1:1"])
        #expect(try await counts(catalog) == ["2025-11:1", "2025-10:1", "1970-1:1"])
        await catalog.close()
    }
}
