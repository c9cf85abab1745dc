import Foundation
import TestSupport
import Testing

/// The tests' PostgreSQL server leaves nothing behind: a full run starts several, and the shared one, never
/// deinitialised, holds the million-photo databases.
@Suite struct PostgresServerCleanupTests {
    @Test func stoppingTheServerRemovesItsFolder() throws {
        let server = try PostgresServer()
        let folder = server.folder.path
        let url = try server.makeDatabase("cleanup")
        #expect(url.contains("vt_cleanup_"))
        #expect(FileManager.default.fileExists(atPath: folder + "/pg/data/PG_VERSION"))
        // The server object stays alive: its own folder's deinit must not be what removes the folder.
        withExtendedLifetime(server) {
            server.shutdown()
            #expect(!FileManager.default.fileExists(atPath: folder))
        }
    }
}
