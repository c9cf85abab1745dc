import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import TestSupport
import Testing
import VitrineApp
import VitrineKit
import VitrineServer

/// A real Vitrine server on a loopback socket with `photos` generated photos, for the pipeline tests
/// that fetch real assets; the server stops when `body` returns or throws.
func withPipelineVitrineServer(
    photos: Int = 1, _ body: @Sendable (VitrineClient) async throws -> Void
) async throws {
    let data = TemporaryDirectory("pipeline-server")
    let inputs = TemporaryDirectory("pipeline-inputs")
    let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
    let paths = try (0..<photos).map {
        try Fixtures.write(inputs.file("photo\($0).jpg"), width: 640 + $0 * 16, height: 480, seed: UInt32($0 + 1))
    }
    let summary = await library.importer().importItems(FileCollector.items(in: paths).0)
    try #require(summary.failures.isEmpty)
    let app = Application(router: try VitrineServer.makeRouter(library: library, webRoot: nil))
    try await app.test(.live) { client in
        let port = try #require(client.port)
        try await body(VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
    }
}
