import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// Zip downloads are bounded at once per client address: a range that leaves entries out reads every original
/// before it whole, so without a bound one client's requests multiply the store's reads without end.
@Suite struct ZipLimitTests {
    @Test func aClientsFifthDownloadAtOnceGets429AndAPlaceComesBackWhenOneEnds() async throws {
        let fixture = try await ServerFixture(photos: 1)
        // Larger than what the sockets' buffers take: a body that waits.
        var ids: [String] = []
        for seed: UInt32 in 77..<81 {
            let big = try Fixtures.write(fixture.inputs.file("big\(seed).jpg"), width: 5000, height: 4000, seed: seed)
            guard case .imported(_, let id) = await fixture.library.importer().importFile(at: big) else {
                Issue.record("not imported")
                return
            }
            ids.append(id)
        }
        let resources = ServerResources(Limits())
        let path = "/api/v1/zip?ids=" + ids.joined(separator: ",")
        try await fixture.makeLimitedApp(resources).test(.live) { client in
            let port = try #require(client.port)
            let length = try await client.execute(uri: path, method: .head) { response in
                #expect(response.status == .ok, "a HEAD takes no place")
                return Int(response.headers[.contentLength] ?? "") ?? 0
            }
            #expect(length > 4 << 20, "\(length) bytes")
            // Downloads whose client reads nothing: each holds its place while its body waits (one that the
            // sockets' buffers take whole ends, and gives its place back: another is opened).
            var held: [RawConnection] = []
            let start = ContinuousClock.now
            while resources.zips.openCount < Limits.defaultZipsPerClient, held.count < 16 {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                try connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
                held.append(connection)
                try await Task.sleep(for: .milliseconds(700))
            }
            #expect(resources.zips.openCount == Limits.defaultZipsPerClient)
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "10")
            }
            for connection in held { connection.close() }
            while resources.zips.openCount > 0, ContinuousClock.now - start < .seconds(20) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(resources.zips.openCount == 0, "a hung-up download gives its place back")
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok && response.body.readableBytes == length, "a place came back")
            }
        }
    }
}
