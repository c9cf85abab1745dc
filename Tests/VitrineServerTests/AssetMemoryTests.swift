import Foundation
import Hummingbird
import HummingbirdTesting
import Metering
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The asset route's memory keeps what the grid and the viewer show; originals, which a download or a
/// mirror reads once each, are streamed from the store every time and never push the thumbnails out.
@Suite struct AssetMemoryTests {
    @Test func thumbnailsAndPreviewsAreReadOnceAndOriginalsEveryTime() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let auth = try fixture.bearer()
        try await MetricsTests.makeApp(fixture, metrics: VitrineMetrics()).test(.router) { client in
            let detail = try await client.execute(uri: "/api/v1/photos/\(fixture.ids[0])", method: .get) {
                try $0.decode(PhotoDetail.self)
            }
            var reads = try await Self.reads(client, auth)
            for (url, expectedReads) in [(detail.thumb.url, 1.0), (detail.preview.url, 1), (detail.original.url, 3)] {
                for _ in 0..<3 {
                    try await client.execute(uri: url, method: .get) { response in
                        #expect(response.status == .ok)
                        #expect(response.body.readableBytes > 0)
                    }
                }
                let now = try await Self.reads(client, auth)
                #expect(now - reads == expectedReads, "\(url)")
                reads = now
            }
            let original = try await client.execute(
                uri: detail.original.url, method: .get, headers: [.range: "bytes=10-19"]
            ) { $0 }
            #expect(original.status == .partialContent && original.body.readableBytes == 10)
        }
    }

    static func reads(_ client: some TestClientProtocol, _ auth: HTTPFields) async throws -> Double {
        try await MetricsTests.scrape(client, auth).total(Names.blobOperations, ["store": "disk", "operation": "read"])
    }
}
