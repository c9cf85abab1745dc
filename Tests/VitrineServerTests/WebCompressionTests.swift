import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer
@testable import WebPackaging

/// Web assets are served gzipped when the browser takes gzip, and the index preloads nothing the bundle holds.
@Suite struct WebCompressionTests {
    static let repositoryWeb = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Web").path

    @Test func staticFilesAreGzippedOnlyWhenAccepted() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let assets = try #require(try WebAssets(root: Self.repositoryWeb))
        let plain = try #require(assets.files["engine/engine.js"])
        let packed = try #require(plain.gzipped)
        try await fixture.makeApp(webRoot: Self.repositoryWeb).test(.router) { client in
            let uri = "/static/\(assets.version)/engine/engine.js"
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(Array(response.body.readableBytesView) == packed)
                #expect(response.headers[.contentLength] == String(packed.count))
            }
            for refusal in ["", "gzip;q=0, identity", "br", "*;q=0"] {
                let headers: HTTPFields = refusal.isEmpty ? [:] : [.acceptEncoding: refusal]
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.headers[.contentEncoding] == nil, "\(refusal)")
                    #expect(response.headers[.vary] == "Accept-Encoding")
                    #expect(Array(response.body.readableBytesView) == plain.bytes)
                }
            }
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "*"]) {
                #expect($0.headers[.contentEncoding] == "gzip")
            }
        }
    }

    @Test func theIndexPreloadsNothingTheBundleHolds() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp(webRoot: Self.repositoryWeb).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { (response: TestResponse) async throws in
                let html = String(decoding: response.bytes, as: UTF8.self)
                #expect(!html.contains(#"<link rel="modulepreload""#))
                #expect(!html.contains("{{"))
            }
        }
    }

    @Test func theIndexIsGzippedWhenAccepted() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp(webRoot: Self.repositoryWeb).test(.router) { client in
            let plain = try await client.execute(uri: "/", method: .get) { (response: TestResponse) async throws in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == "Accept-Encoding, Cookie")  // the layout cookie picks the page
                return (Array(response.body.readableBytesView), response.headers[.eTag])
            }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip"]) {
                (response: TestResponse) async throws in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.eTag] != plain.1)
                let packed = Array(response.body.readableBytesView)
                #expect(packed.prefix(2) == [0x1f, 0x8b])
                #expect(packed.count < plain.0.count / 2)
                let dir = TemporaryDirectory("index-gz")
                let gunzip = Process()
                gunzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                gunzip.arguments = ["gzip", "-dc", dir.write(packed, to: "index.gz")]
                let out = Pipe()
                gunzip.standardOutput = out
                try gunzip.run()
                let data = out.fileHandleForReading.readToEndRetryingInterrupts()
                gunzip.waitUntilExit()
                #expect(Array(data) == plain.0)
            }
        }
    }
}
