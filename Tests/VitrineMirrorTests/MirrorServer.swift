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

/// A real library with `photos` generated JPEGs, for the mirror's tests.
final class MirrorLibrary: Sendable {
    let data = TemporaryDirectory("mirror-server")
    let inputs = TemporaryDirectory("mirror-inputs")
    let library: Library
    /// The source file of each photo, by id.
    let sources: [String: String]

    init(photos: Int, width: Int = 640) async throws {
        library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        var paths: [String] = []
        for index in 0..<photos {
            paths.append(
                try Fixtures.write(
                    inputs.file("photo\(index).jpg"), width: width + index * 8, height: width * 3 / 4,
                    seed: UInt32(index + 1)))
        }
        let (items, _) = FileCollector.items(in: paths)
        let summary = await library.importer().importItems(items)
        precondition(summary.failures.isEmpty, "\(summary.failures)")
        var sources: [String: String] = [:]
        for path in paths {
            let hash = try FileHasher.sha256(path: path).key.hex
            guard let photo = try await library.catalog.photo(contentHash: hash) else {
                throw MirrorFixtureError("no photo for \(path)")
            }
            sources[photo.id] = path
        }
        self.sources = sources
    }

    /// The admin token, created as `vitrine serve` would on first start.
    func adminToken() throws -> String { try AdminToken(directory: library.directory).loadOrCreate().token }

    /// Serves the library on a loopback socket for the duration of `body`, which gets the server's
    /// root URL; the server stops when `body` returns or throws. `pace` delays each chunk of an asset's
    /// body, so a child process can be killed in the middle of a mirror.
    func serve<Value: Sendable>(
        access: AccessConfiguration = AccessConfiguration(), pace: Duration? = nil,
        _ body: @escaping @Sendable (URL) async throws -> Value
    ) async throws -> Value {
        let router = try VitrineServer.makeRouter(library: library, webRoot: nil, access: access)
        let app = Application(responder: PacedAssets(base: router.buildResponder(), pace: pace))
        return try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw MirrorFixtureError("the live server has no port")
            }
            return try await body(url)
        }
    }
}

struct MirrorFixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The server's responder, with an optional pause before each chunk of an `/assets/` body.
struct PacedAssets<Base: HTTPResponder>: HTTPResponder {
    let base: Base
    let pace: Duration?

    func respond(to request: Request, context: Base.Context) async throws -> Response {
        var response = try await base.respond(to: request, context: context)
        if let pace, request.uri.path.hasPrefix("/assets/") {
            response.body = response.body.map { buffer in
                try await Task.sleep(for: pace)
                return buffer
            }
        }
        return response
    }
}

/// Wraps a transport to count asset requests and, when asked, to alter the bytes of asset bodies.
final class MirrorTransportProbe: HTTPTransport, @unchecked Sendable {
    let base: any HTTPTransport
    let corrupts: Bool
    private let lock = NSLock()
    private var assetRequests = 0
    private var details: [String] = []
    private var detailPages = 0

    /// Photos whose detail requests fail as if the connection dropped.
    let unreachableDetails: Set<String>
    /// From which page of details (`GET /api/v1/details`, counting from 1) on the requests fail as if the
    /// connection dropped.
    let failingDetailPagesFrom: Int

    init(
        base: any HTTPTransport = AsyncHTTPClientTransport.shared, corrupts: Bool = false,
        unreachableDetails: Set<String> = [], failingDetailPagesFrom: Int = .max
    ) {
        self.base = base
        self.corrupts = corrupts
        self.unreachableDetails = unreachableDetails
        self.failingDetailPagesFrom = failingDetailPagesFrom
    }

    var assetRequestCount: Int { lock.withLock { assetRequests } }
    /// The ids whose detail (`GET /api/v1/photos/{id}`) was asked for, in order.
    var detailRequests: [String] { lock.withLock { details } }
    /// How many pages of details were asked for.
    var detailPageRequests: Int { lock.withLock { detailPages } }

    func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)?
    ) async throws -> TransportResponse {
        let isAsset = request.url.path.hasPrefix("/assets/")
        if isAsset { lock.withLock { assetRequests += 1 } }
        let path = request.url.path
        if request.method == "GET", path == "/api/v1/details" {
            let page = lock.withLock {
                detailPages += 1
                return detailPages
            }
            if page >= failingDetailPagesFrom { throw VitrineError.offline("connection reset (injected)") }
        }
        if request.method == "GET", path.hasPrefix("/api/v1/photos/") {
            let id = String(path.dropFirst("/api/v1/photos/".count))
            if !id.isEmpty, !id.contains("/") { lock.withLock { details.append(id) } }
            if unreachableDetails.contains(id) { throw VitrineError.offline("connection reset (injected)") }
        }
        var response = try await base.send(request, uploadProgress: uploadProgress)
        if isAsset && corrupts {
            var data = try await response.collect(upTo: 64 << 20)
            if !data.isEmpty { data[data.startIndex + data.count / 2] ^= 0xff }
            response.body = TransportBody(data: data)
        }
        return response
    }
}
