import Catalog
import TestSupport
import Testing
import VitrineCore

@testable import CatalogPostgres

/// Counts at bigint's largest stay there: the sum would fail the statement, so a photo's or a link's
/// visit would answer an error for good.
@Suite struct PostgresCounterEdgeTests {
    @Test func countsAtTheirLargestStayThere() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("counter-edges")
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        let catalog = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
        let photo = try await Samples.insert(catalog)
        let slug = "edge-link-slug-0123456789"
        try await catalog.createLink(LinkRecord(slug: slug, createdAt: 1), photos: nil)
        try server.psql(
            """
            UPDATE photo_compat SET views = 9223372036854775807, downloads = 9223372036854775807;
            UPDATE link SET views = 9223372036854775807
            """, database: database)
        #expect(try await catalog.increment(.views, photoId: photo.id))
        #expect(try await catalog.increment(.downloads, photoId: photo.id))
        let counts = try #require(try await catalog.counters(photoId: photo.id))
        #expect(counts.views == Int.max && counts.downloads == Int.max)
        try await catalog.recordView(slug: slug, at: 2)
        #expect(try await catalog.link(slug: slug)?.views == Int.max)
        await catalog.close()
    }
}
