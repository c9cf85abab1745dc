import Access
import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import ServerTestSupport
import TestSupport

@testable import Compat
@testable import VitrineServer

/// A clock tests move by hand, for the rate limiter.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double = 1_000_000

    var now: Double { lock.withLock { seconds } }
    func advance(_ delta: Double) { lock.withLock { seconds += delta } }
}

/// A real library for the compatible APIs: colour photos (one tall), one greyscale, tags, an API key.
final class CompatFixture: Sendable {
    let server: ServerFixture
    let clock = ManualClock()
    let key: String
    let keyID: Int64
    /// Photo ids in import order; the last two are the tall one and the greyscale one.
    let ids: [String]
    var library: Library { server.library }
    var tallID: String { ids[ids.count - 2] }
    var grayID: String { ids[ids.count - 1] }

    static let publicURL = "https://photos.example.org/gallery"

    init(colourPhotos: Int = 4) async throws {
        server = try await ServerFixture(photos: colourPhotos)
        let tall = try Fixtures.write(server.inputs.file("tall.jpg"), width: 300, height: 500, seed: 77)
        let gray = try Fixtures.write(server.inputs.file("gray.jpg"), width: 500, height: 400, bands: 1, seed: 78)
        var ids = server.ids
        for path in [tall, gray] {
            switch await server.library.importer().importFile(at: path) {
            case .imported(_, let id): ids.append(id)
            default: fatalError("fixture import failed: \(path)")
            }
        }
        self.ids = ids
        _ = try await server.library.catalog.update(id: ids[0], .init(tags: ["Sunset", "beach"]))
        _ = try await server.library.catalog.update(id: ids[1], .init(tags: ["sunrise", "beach"]))
        let made = try await APIKeys(catalog: server.library.catalog).create(label: "tests")
        key = made.key
        keyID = try require(made.record.id)
    }

    func compat(publicURL: String? = CompatFixture.publicURL, rateLimit: Int = 100) -> CompatConfiguration {
        let clock = clock
        return CompatConfiguration(
            publicURL: publicURL, fallbackAuthority: "127.0.0.1:8080",
            owner: .init(name: "Ada", id: 42, imageURL: "https://photos.example.org/ada.png"),
            parseApplicationId: "toy-app", rateLimit: rateLimit, rateWindowSeconds: 60, clock: { clock.now })
    }

    func makeApp(
        publicURL: String? = CompatFixture.publicURL, rateLimit: Int = 100,
        access: AccessConfiguration = AccessConfiguration()
    ) throws -> some ApplicationProtocol {
        Application(
            router: try VitrineServer.makeRouter(
                library: library, webRoot: nil, access: access,
                compat: compat(publicURL: publicURL, rateLimit: rateLimit),
                routes: [CompatRoutes(compat(publicURL: publicURL, rateLimit: rateLimit))]))
    }

    func number(of id: String) async throws -> Int64 {
        try require(try await library.catalog.compatSearch(CompatSearch()).items.first { $0.photo.id == id }).number
    }
}

extension TestResponse {
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func json() throws -> [String: Any] {
        try require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }
}

/// Reads `require` outside `Testing` contexts too (fixtures).
func require<T>(_ value: T?, _ message: String = "missing value") throws -> T {
    guard let value else { throw FixtureError(message: message) }
    return value
}

struct FixtureError: Error { var message: String }
