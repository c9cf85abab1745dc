import Catalog
import TestSupport
import Testing

@testable import CatalogPostgres

/// A bulk change to a set (a range of a million photos into an album) writes a row per photo in one
/// statement: it runs past a request's `statement_timeout`, and must not be cancelled by it.
@Suite struct PostgresBulkChangeTests {
    @Test func aSlowBulkChangeIsNotCancelledByTheRequestTimeout() async throws {
        let server = try PostgresServer.shared()
        let url = try server.makeDatabase("bulk")
        let database = String(try #require(url.split(separator: "/").last?.split(separator: "?").first))
        // The setup runs under the default timeout, so a loaded machine cannot cancel it; only the catalog
        // under test has a short one, and the slow statements take twice as long.
        let setup = try await PostgresCatalog.open(try PostgresCatalogConfiguration(url: url))
        let photos = [try await Samples.insert(setup, takenAt: 10), try await Samples.insert(setup, takenAt: 20)]
        let album = AlbumRecord(id: PhotoID.make(), title: "bulk", description: "", createdAt: 0, updatedAt: 0)
        try await setup.createAlbum(album)
        var configuration = try PostgresCatalogConfiguration(url: url)
        configuration.statementTimeoutMilliseconds = 1_000
        let catalog = try await PostgresCatalog.open(configuration)
        // Each statement writing an album's rows now takes 2 s, as a million rows would take seconds.
        try server.psql(
            """
            CREATE FUNCTION slow_statement() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_sleep(2); RETURN NULL; END $$;
            CREATE TRIGGER slow_album_photo AFTER INSERT ON album_photo FOR EACH STATEMENT
            EXECUTE FUNCTION slow_statement()
            """, database: database)
        let range = PhotoRange(
            newest: PageCursor(takenAt: 20, id: "~"), oldest: PageCursor(takenAt: 10, id: ""), filter: PhotoFilter())
        let added = try await catalog.add(PhotoSelection(ids: [], ranges: [range]), to: .album(album.id))
        #expect(added == 2)
        #expect(try await setup.album(id: album.id)?.photoCount == photos.count)
        // Every other write keeps the request's timeout.
        try server.psql(
            "CREATE TRIGGER slow_photo AFTER INSERT ON photo FOR EACH STATEMENT EXECUTE FUNCTION slow_statement()",
            database: database)
        await #expect(throws: (any Error).self) { try await Samples.insert(catalog, takenAt: 30) }
        await catalog.close()
        await setup.close()
    }
}
