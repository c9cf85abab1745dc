import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// Through a real socket, where the `Host` header (not the router test's fixed authority) makes the base URL.
@Suite struct CompatLiveTests {
    /// Sends one raw request and returns everything the server sends until it closes, read on a thread of its own.
    static func raw(port: Int, path: String, host: String) async throws -> String? {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = recv(connection.fd, &buffer, buffer.count, 0)
                    guard count > 0 else { break }
                    received += buffer[0..<count]
                }
                continuation.resume(returning: received.isEmpty ? nil : String(decoding: received, as: UTF8.self))
            }
        }
    }

    @Test func hostHeaderMakesAbsoluteURLsOnlyWhenItIsPlain() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let id = fixture.ids[0]
        try await fixture.makeApp(publicURL: nil).test(.live) { client in
            let port = try #require(client.port)
            let path = "/api/?key=\(fixture.key)&order=latest"
            let good = try #require(try await Self.raw(port: port, path: path, host: "gallery.local:9000"))
            #expect(good.contains("\"pageURL\":\"http://gallery.local:9000/p/\(id)\""))
            let bad = try #require(try await Self.raw(port: port, path: path, host: "evil.com@x"))
            #expect(bad.contains("\"pageURL\":\"http://127.0.0.1:8080/p/\(id)\""))
            #expect(!bad.contains("evil"))
        }
    }
}
