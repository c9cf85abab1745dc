import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Uploads through a share link are bounded at once per client address: each holds a temporary file as its
/// body streams in and a render once it is in, so a leaked link cannot fill the disk or the render pool.
@Suite struct LinkUploadLimitTests {
    @Test func aClientsThirdUploadAtOnceGets429AndAPlaceComesBackWhenOneEnds() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let resources = ServerResources(Limits())
        let auth = try fixture.bearer()
        let photo = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("visitor.jpg"), width: 320, height: 240, seed: 9))
        try await fixture.makeLimitedApp(resources).test(.live) { client in
            let port = try #require(client.port)
            let link = try await LinkRouteTests().create(
                client, auth, #"{"photos":{"ids":["\#(fixture.ids[0])"]},"allowUpload":true}"#)
            let path = "/api/v1/links/\(link.slug)/photos"
            // Two uploads whose bodies have barely begun: each holds its place.
            var held: [RawConnection] = []
            for _ in 0..<Limits.defaultLinkUploadsPerClient {
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000\r\n\r\n\u{FF}\u{D8}")
                held.append(connection)
            }
            let start = ContinuousClock.now
            while resources.linkUploads.openCount < held.count, ContinuousClock.now - start < .seconds(10) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(resources.linkUploads.openCount == held.count)
            try await client.execute(uri: path, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "5")
            }
            for connection in held { connection.close() }
            while resources.linkUploads.openCount > 0, ContinuousClock.now - start < .seconds(20) {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await client.execute(uri: path, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .created, "a place came back")
            }
            #expect(resources.linkUploads.openCount == 0)
        }
    }
}
