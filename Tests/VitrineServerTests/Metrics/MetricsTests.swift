import Catalog
import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import Metering
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI
import VitrineApp

@testable import VitrineServer

/// `GET /metrics` in one process: the exposition parses strictly, its counters follow the requests made,
/// imports and blob-store failures are counted, the token guards it, and with metrics off it is absent.
@Suite struct MetricsTests {
    /// The fixture's library metered into `metrics` and the router over it, as the composition root builds it.
    static func makeApp(
        _ fixture: ServerFixture, metrics: VitrineMetrics?
    ) throws -> some ApplicationProtocol {
        let library = metrics.map { fixture.library.metered(by: $0, store: "disk") } ?? fixture.library
        return Application(
            router: try VitrineServer.makeRouter(
                library: library, webRoot: nil, metrics: metrics, routes: [CompatRoutes(CompatConfiguration())]))
    }

    static func scrape(_ client: some TestClientProtocol, _ auth: HTTPFields) async throws -> PrometheusText {
        try await client.execute(uri: "/metrics", method: .get, headers: auth) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            return try PrometheusText(String(decoding: response.bytes, as: UTF8.self))
        }
    }

    @Test func aScrapeIsStrictPrometheusTextWithEveryFamilyDescribed() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        try await Self.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) { #expect($0.status == .ok) }
            let text = try await Self.scrape(client, auth)
            for name in [
                Names.requests, Names.requestDuration, Names.requestsInFlight, Names.eventStreams,
                Names.blobOperations, Names.blobErrors, Names.catalogDuration, Names.catalogErrors,
                Names.renderQueue, Names.rendersRunning, Names.residentMemory, Names.openFiles,
            ] {
                let family = try #require(text.families[name], "\(name)")
                #expect(family.help == Names.help[name], "\(name)")
            }
            #expect(text.families[Names.requestDuration]?.type == "histogram")
            #expect(text.families[Names.requests]?.type == "counter")
            #expect(text.families[Names.requestsInFlight]?.type == "gauge")
            #expect(try #require(text.value(Names.residentMemory)) > 1_000_000)
            #expect(try #require(text.value(Names.openFiles)) >= 3)
            // The scrape itself is being handled.
            #expect(text.value(Names.requestsInFlight) == 1)
            #expect(text.value(Names.eventStreams) == 0)
            #expect(text.value(Names.renderQueue) == 0)
            #expect(try #require(text.value(Names.catalogDuration + "_count", ["operation": "page"])) >= 1)
        }
    }

    @Test func countersGrowByTheRequestsMadeByRoutePatternAndStatus() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let page = ["route": "/api/v1/photos", "method": "GET", "status": "200"]
        let detail = ["route": "/api/v1/photos/{id}", "method": "GET", "status": "200"]
        let missing = ["route": "/api/v1/photos/{id}", "method": "GET", "status": "404"]
        try await Self.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            let before = try await Self.scrape(client, auth)
            for _ in 0..<7 {
                try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) { #expect($0.status == .ok) }
            }
            for id in fixture.ids {
                try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) { #expect($0.status == .ok) }
            }
            for _ in 0..<3 {
                try await client.execute(uri: "/api/v1/photos/\(PhotoID.make())", method: .get) {
                    #expect($0.status == .notFound)
                }
            }
            try await client.execute(uri: "/no/such/path/\(UUID().uuidString)", method: .get) {
                #expect($0.status == .notFound)
            }
            let after = try await Self.scrape(client, auth)
            #expect(after.total(Names.requests, page) - before.total(Names.requests, page) == 7)
            #expect(after.total(Names.requests, detail) == Double(fixture.ids.count))
            #expect(after.total(Names.requests, missing) == 3)
            #expect(
                after.total(Names.requestDuration + "_count", page)
                    - before.total(Names.requestDuration + "_count", page) == 7)
            // Raw paths never become labels: the unknown path is `unmatched`, the ids are the pattern.
            #expect(after.total(Names.requests, ["route": "unmatched", "status": "404"]) == 1)
            #expect(!after.samples.contains { $0.labels["route"]?.contains("no/such") == true })
            #expect(
                !after.samples.contains { sample in
                    fixture.ids.contains { sample.labels["route"]?.contains($0) == true }
                })
            // The earlier scrape counts too, under its own route.
            #expect(after.total(Names.requests, ["route": "/metrics", "status": "200"]) == 1)
        }
    }

    @Test func theAdminTokenGuardsMetricsOnTheMainPort() async throws {
        let fixture = try await ServerFixture(photos: 0)
        try await Self.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(!String(decoding: response.bytes, as: UTF8.self).contains("vitrine_"))
            }
            try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer wrong"]) {
                #expect($0.status == .unauthorized)
            }
            _ = try await Self.scrape(client, try fixture.bearer())
        }
    }

    @Test func withMetricsOffThereIsNoRouteAndEverythingElseWorks() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await Self.makeApp(fixture, metrics: nil).test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get, headers: try fixture.bearer()) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/photos?limit=5", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(try response.decode(PhotoPage.self).items.count == 2)
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func importsAreCountedByOutcomeAndReason() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let photo = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("upload.jpg"), width: 320, height: 240, seed: 9))
        try await Self.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            for expected in [HTTPResponse.Status.created, .ok] {
                try await client.execute(
                    uri: "/api/v1/photos?filename=a.jpg", method: .post, headers: auth, body: ByteBuffer(bytes: photo)
                ) { #expect($0.status == expected) }
            }
            try await client.execute(
                uri: "/api/v1/photos?filename=b.jpg", method: .post, headers: auth,
                body: ByteBuffer(bytes: Array("not an image at all".utf8))
            ) { #expect($0.status.code >= 400 && $0.status.code < 500) }
            let text = try await Self.scrape(client, auth)
            #expect(text.value(Names.imports, ["outcome": "imported", "reason": "none"]) == 1)
            #expect(text.value(Names.imports, ["outcome": "duplicate", "reason": "none"]) == 1)
            #expect(text.value(Names.imports, ["outcome": "failed", "reason": "not_an_image"]) == 1)
            #expect(text.value(Names.importDuration + "_count", ["outcome": "imported"]) == 1)
            #expect(text.total(Names.blobOperations, ["store": "disk", "operation": "put_file"]) == 1)
            #expect(text.total(Names.blobErrors) == 0)
        }
    }

    /// A real failure of the disk store: the shard folder the upload's original belongs in is a plain file,
    /// so the rename into place fails (permissions would not do: the tests may run as root).
    @Test func aBlobStoreFailureIsCountedByStoreAndOperation() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let auth = try fixture.bearer()
        let path = try Fixtures.write(fixture.inputs.file("blocked.jpg"), width: 320, height: 240, seed: 11)
        let hex = try sha256Hex(path)
        let outer = fixture.data.path + "/blobs/" + hex.prefix(2)
        try FileManager.default.createDirectory(atPath: outer, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: outer + "/" + hex.dropFirst(2).prefix(2), contents: Data()))
        try await Self.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/photos?filename=c.jpg", method: .post, headers: auth,
                body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { #expect($0.status.code >= 500) }
            let text = try await Self.scrape(client, auth)
            #expect(text.value(Names.blobErrors, ["store": "disk", "operation": "put_file"]) == 1)
            #expect(text.value(Names.imports, ["outcome": "failed", "reason": "blob_io"]) == 1)
        }
    }

    @Test func twoApplicationsInOneProcessCountApart() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        let first = VitrineMetrics()
        let second = VitrineMetrics()
        try await Self.makeApp(fixture, metrics: first).test(.router) { client in
            for _ in 0..<4 { try await client.execute(uri: "/healthz", method: .get) { _ in } }
        }
        try await Self.makeApp(fixture, metrics: second).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { _ in }
            let text = try await Self.scrape(client, auth)
            #expect(text.total(Names.requests, ["route": "/healthz"]) == 1)
        }
        let firstText = try PrometheusText(String(decoding: first.scrape(), as: UTF8.self))
        #expect(firstText.total(Names.requests, ["route": "/healthz"]) == 4)
    }
}
