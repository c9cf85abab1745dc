import Access
import Blobs
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import TestSupport
import VitrineApp
import VitrineKit
import VitrineServer

/// A real Vitrine server on a loopback socket, over a library of generated photos, for the store's tests.
///
/// Photo `k` was taken `k × hoursApart` hours after 2020-01-01 00:00, so the newest-first order is the
/// reverse of the order they were made in; `ids` lists them newest first.
struct StoreServer: Sendable {
    let baseURL: URL
    let token: String
    /// Newest first, as pages list them.
    let ids: [String]
    let inputs: TemporaryDirectory

    /// A client of this server over `transport`, with the admin token.
    func client(_ transport: any HTTPTransport = AsyncHTTPClientTransport.shared) -> VitrineClient {
        VitrineClient(baseURL: baseURL, token: token, transport: transport, timeout: .seconds(120))
    }

    /// A new photo file (not in the library), distinct from every other one this server made.
    func newPhoto(seed: UInt32) throws -> URL {
        let path = try Fixtures.write(
            inputs.file("new-\(seed).jpg"), width: 160, height: 120, seed: 10_000 + seed)
        return URL(fileURLWithPath: path)
    }

    /// Runs `body` against a server over `photos` photos; the server stops when `body` returns or throws.
    static func with<T: Sendable>(
        photos: Int, hoursApart: Int = 1, _ body: @Sendable (StoreServer) async throws -> T
    ) async throws -> T {
        let data = TemporaryDirectory("store-server")
        let inputs = TemporaryDirectory("store-inputs")
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        var paths: [String] = []
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy:MM:dd HH:mm:ss"
        let epoch = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01 00:00 UTC
        for index in 0..<photos {
            let stamp = format.string(from: epoch.addingTimeInterval(Double(index * hoursApart) * 3600))
            paths.append(
                try Fixtures.write(
                    inputs.file("photo\(index).jpg"), width: 160, height: 120, seed: UInt32(index + 1),
                    fields: ["exif-ifd2-DateTimeOriginal": stamp]))
        }
        let summary = await library.importer().importItems(FileCollector.items(in: paths).items)
        guard summary.failures.isEmpty else { throw StoreServerError.importFailed("\(summary.failures)") }
        var ids: [String] = []
        for path in paths {
            let hash = try FileHasher.sha256(path: path).key.hex
            guard let photo = try await library.catalog.photo(contentHash: hash) else {
                throw StoreServerError.importFailed(path)
            }
            ids.append(photo.id)
        }
        let newestFirst = Array(ids.reversed())
        let token = try AdminToken(directory: library.directory).loadOrCreate().token
        let app = Application(router: try VitrineServer.makeRouter(library: library, webRoot: nil))
        return try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw StoreServerError.noPort
            }
            return try await body(StoreServer(baseURL: url, token: token, ids: newestFirst, inputs: inputs))
        }
    }
}

enum StoreServerError: Error {
    case importFailed(String)
    case noPort
}
