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

/// A real Vitrine server on a loopback socket, over a fresh library with generated photos and an admin
/// token, for every VitrineKit test that talks to the API.
///
/// `with` starts it, runs the body and stops it on every path:
/// ```swift
/// try await LiveVitrine.with(photos: 3, private: true) { server async throws in
///     let page = try await server.client.photos()
/// }
/// ```
struct LiveVitrine: Sendable {
    /// The server's root, `http://127.0.0.1:PORT/`.
    let baseURL: URL
    /// The admin token.
    let token: String
    /// The photos' ids, in the order they were generated: photo `i` was taken on day `i` (so `ids.last` is
    /// the newest).
    let ids: [String]
    /// Each photo's source file, by id.
    let sources: [String: String]
    let isPrivate: Bool
    /// A scratch folder alive as long as the server, for files a test writes (uploads).
    let scratch: TemporaryDirectory
    let library: Library

    /// A client with the admin token over the shared transport.
    var client: VitrineClient { VitrineClient(baseURL: baseURL, token: token) }

    /// A client without a token.
    var anonymous: VitrineClient { VitrineClient(baseURL: baseURL) }

    /// A client over `transport` (a `FaultyTransport`, say), with the admin token unless told otherwise.
    func client(
        transport: any HTTPTransport, token: String?? = .none, timeout: Duration = .seconds(30)
    )
        -> VitrineClient
    {
        VitrineClient(baseURL: baseURL, token: token ?? self.token, transport: transport, timeout: timeout)
    }

    /// Writes a new JPEG, different from every fixture photo, into the scratch folder and answers its path.
    func newPhoto(_ name: String, seed: UInt32, width: Int = 700) throws -> URL {
        let path = try Fixtures.write(scratch.file(name), width: width, height: 500, seed: seed)
        return URL(fileURLWithPath: path)
    }

    /// Starts a server over `photos` generated JPEGs (photo `i` taken on day `i` of 2020, all at 10:00);
    /// `private` makes reads need the token.
    static func with<T: Sendable>(
        photos: Int = 3, private isPrivate: Bool = false, _ body: @Sendable (LiveVitrine) async throws -> T
    ) async throws -> T {
        let data = TemporaryDirectory("kit-live")
        let scratch = TemporaryDirectory("kit-live-inputs")
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        var paths: [String] = []
        let start = Date(timeIntervalSince1970: 1_577_872_800)  // 2020-01-01T10:00:00Z
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
        for index in 0..<photos {
            let taken = formatter.string(from: start.addingTimeInterval(Double(index) * 86_400))
            paths.append(
                try Fixtures.write(
                    scratch.file("photo\(index).jpg"), width: 320 + index * 8, height: 240, seed: UInt32(index + 1),
                    fields: ["exif-ifd2-DateTimeOriginal": taken]))
        }
        let summary = await library.importer().importItems(FileCollector.items(in: paths).0)
        guard summary.failures.isEmpty else { throw LiveVitrineError.importFailed("\(summary.failures)") }
        var ids: [String] = []
        var sources: [String: String] = [:]
        for path in paths {
            let hash = try FileHasher.sha256(path: path).key.hex
            guard let id = try await library.catalog.photo(contentHash: hash)?.id else {
                throw LiveVitrineError.importFailed(path)
            }
            ids.append(id)
            sources[id] = path
        }
        let photoIDs = ids
        let photoSources = sources
        let token = try AdminToken(directory: library.directory).loadOrCreate().token
        let router = try VitrineServer.makeRouter(
            library: library, webRoot: nil, access: AccessConfiguration(isPrivate: isPrivate))
        let app = Application(router: router)
        return try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw LiveVitrineError.noPort
            }
            return try await body(
                LiveVitrine(
                    baseURL: url, token: token, ids: photoIDs, sources: photoSources, isPrivate: isPrivate,
                    scratch: scratch,
                    library: library))
        }
    }
}

enum LiveVitrineError: Error {
    case importFailed(String)
    case noPort
}
