import Access
import Blobs
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import Ingest
import TestSupport
import VitrineAPI
import VitrineApp

@testable import VitrineServer

/// A real library with a few generated photos, opened through the composition root, and the app that serves it.
final class ServerFixture: Sendable {
    let data = TemporaryDirectory("server")
    let inputs = TemporaryDirectory("server-inputs")
    let library: Library
    let ids: [String]
    let sources: [String: String]

    init(photos: Int = 3) async throws {
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

    func makeApp(
        webRoot: String? = nil, access: AccessConfiguration = AccessConfiguration()
    ) throws
        -> some ApplicationProtocol
    {
        Application(router: try VitrineServer.makeRouter(library: library, webRoot: webRoot, access: access))
    }

    /// The admin token, created as `vitrine serve` would on first start.
    func adminToken() throws -> String { try AdminToken(directory: library.directory).loadOrCreate().token }

    func bearer() throws -> HTTPFields { [.authorization: "Bearer \(try adminToken())"] }

    static let decoder = JSONDecoder()
}

func sha256Hex(_ path: String) throws -> String { try FileHasher.sha256(path: path).key.hex }

extension TestResponse {
    var bytes: [UInt8] { Array(buffer: body) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: Data(bytes)) }
    func errorCode() throws -> String { try decode(APIErrorBody.self).error.code }
    func errorMessage() throws -> String { try decode(APIErrorBody.self).error.message }
}
