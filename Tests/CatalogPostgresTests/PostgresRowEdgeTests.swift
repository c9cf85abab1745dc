import Catalog
import TestSupport
import Testing
import VitrineCore

@testable import CatalogPostgres

/// A catalog on a fresh database of the shared test server, and the database's name for `psql`.
enum PostgresRowEdges {
    static func open(_ name: String) async throws -> (PostgresServer, String, PostgresCatalog) {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase(name)
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        return (server, database, try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url)))
    }
}

/// Counts at bigint's largest stay there: the sum would fail the statement, so a photo's or a link's
/// visit would answer an error for good.
@Suite struct PostgresCounterEdgeTests {
    @Test func countsAtTheirLargestStayThere() async throws {
        let (server, database, catalog) = try await PostgresRowEdges.open("counter-edges")
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

/// A trashed photo's document this version cannot read is left out of the trash's pages, but the walk goes
/// past it: the photos after it are not taken for purged.
@Suite struct PostgresTrashPagingTests {
    @Test func theTrashPagesPastADocumentItCannotRead() async throws {
        let (server, database, catalog) = try await PostgresRowEdges.open("trash-paging")
        for n in 0..<3 { _ = try await catalog.trash(id: try await Samples.insert(catalog, takenAt: Int64(n)).id) }
        let order = try await catalog.trashPage(after: nil, limit: 10).items.map(\.item.photo.id)
        #expect(order.count == 3)
        try server.psql(
            #"UPDATE trashed_photo SET document = '{"written":"by a later version"}' WHERE id = '\#(order[1])'"#,
            database: database)
        var seen: [String] = []
        var cursor: PageCursor?
        var pages = 0
        repeat {
            let page = try await catalog.trashPage(after: cursor, limit: 1)
            seen += page.items.map(\.item.photo.id)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        #expect(seen == [order[0], order[2]])
        await catalog.close()
    }
}
