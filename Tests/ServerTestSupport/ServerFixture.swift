import Access
import Blobs
import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import Ingest
import TestSupport
import VitrineAPI
import VitrineApp
import VitrineServer

/// A real library with a few generated photos, opened through the composition root, and the app that serves it.
package final class ServerFixture: Sendable {
    package let data = TemporaryDirectory("server")
    package let inputs = TemporaryDirectory("server-inputs")
    package let library: Library
    package let ids: [String]
    package let sources: [String: String]

    package init(photos: Int = 3) async throws {
        library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        var paths: [String] = []
        for index in 0..<photos {
            let path = try Fixtures.write(
                inputs.file("photo\(index).jpg"), width: 640 + index * 16, height: 480, seed: UInt32(index + 1),
                fields: ["exif-ifd2-DateTimeOriginal": "2020:01:0\(index + 1) 10:00:00"])
            paths.append(path)
        }
        let (items, _) = FileCollector.items(in: paths)
        let summary = await library.importer().importItems(items)
        precondition(summary.failures.isEmpty, "\(summary.failures)")
        var sources: [String: String] = [:]
        var ids: [String] = []
        for path in paths {
            let hash = try sha256Hex(path)
            let id = try await library.catalog.photo(contentHash: hash)!.id
            sources[id] = path
            ids.append(id)
        }
        self.ids = ids
        self.sources = sources
    }

    package func makeApp(
        webRoot: String? = nil, access: AccessConfiguration = AccessConfiguration()
    ) throws
        -> some ApplicationProtocol
    {
        Application(
            router: try VitrineServer.makeRouter(
                library: library, webRoot: webRoot, access: access, routes: [CompatRoutes(CompatConfiguration())]))
    }

    /// The admin token, created as `vitrine serve` would on first start.
    package func adminToken() throws -> String { try AdminToken(directory: library.directory).loadOrCreate().token }

    package func bearer() throws -> HTTPFields { [.authorization: "Bearer \(try adminToken())"] }

    package static let decoder = JSONDecoder()
}

package func sha256Hex(_ path: String) throws -> String { try FileHasher.sha256(path: path).key.hex }

extension TestResponse {
    package var bytes: [UInt8] { Array(buffer: body) }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: Data(bytes)) }
    package func errorCode() throws -> String { try decode(APIErrorBody.self).error.code }
    package func errorMessage() throws -> String { try decode(APIErrorBody.self).error.message }
}
