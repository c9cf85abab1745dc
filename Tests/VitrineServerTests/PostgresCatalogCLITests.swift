import Foundation
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

/// The `vitrine` binary with `--catalog postgres://…`: what one command imports, another serves.
@Suite struct PostgresCatalogCLITests {
    @Test func importThenServeFromAPostgresCatalog() async throws {
        let url = try PostgresServer.shared().makeDatabase("cli")
        let inputs = TemporaryDirectory("pg-cli-inputs")
        let paths = try (0..<3).map {
            try Fixtures.write(inputs.file("p-\($0).jpg"), width: 320, height: 240, seed: UInt32(4200 + $0))
        }
        let data = TemporaryDirectory("pg-cli-data")
        let imported = try VitrineProcess.run(["import", "--data", data.path, "--catalog", url] + paths)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("imported: 3"))
        #expect(!FileManager.default.fileExists(atPath: data.file("catalog.sqlite")), "no SQLite catalog made")

        // The environment variable names the same catalog for the server.
        let log = data.file("serve.log")
        let server = try LiveVitrineServer(data: data.path, log: log, environment: ["VITRINE_CATALOG_URL": url])
        defer { server.stop() }
        let response = try HTTPExchange.send(port: server.port, method: "GET", path: "/api/v1/photos?limit=10")
        #expect(response.status == 200)
        let page = try JSONDecoder().decode(PhotoPage.self, from: Data(response.body))
        #expect(page.total == 3 && page.items.count == 3)
        let asset = try HTTPExchange.send(
            port: server.port, method: "GET", path: try #require(page.items.first).original.url)
        #expect(asset.status == 200)
    }

    @Test func aBadCatalogURLIsRefusedWithoutRepeatingItsPassword() throws {
        let data = TemporaryDirectory("pg-cli-bad")
        let refused = try VitrineProcess.run(
            [
                "import", "--data", data.path, "--catalog", "postgres://u:s3cret@127.0.0.1/db?sslmode=sometimes",
                data.path,
            ])
        #expect(refused.status != 0)
        #expect(refused.output.contains("sslmode"))
        #expect(!refused.output.contains("s3cret"))
    }
}
