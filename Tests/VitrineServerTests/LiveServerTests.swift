import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// Through a real socket: HTTP parsing, streaming of file bodies and connection handling all take part.
@Suite struct LiveServerTests {
    @Test func pagesAndAssetsOverARealSocket() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp().test(.live) { client in
            let page = try await client.execute(uri: "/api/v1/photos?limit=2", method: .get) { response in
                #expect(response.status == .ok)
                return try response.decode(PhotoPage.self)
            }
            #expect(page.items.count == 2 && page.total == 3)
            let next = try #require(page.nextCursor)
            let rest = try await client.execute(uri: "/api/v1/photos?cursor=\(next)", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(rest.items.count == 1 && rest.nextCursor == nil)
            #expect(Set((page.items + rest.items).map(\.id)) == Set(fixture.ids))

            let item = page.items[0]
            let source = Fixtures.bytes(of: try #require(fixture.sources[item.id]))
            try await client.execute(uri: item.original.url, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.bytes == source)
            }
            try await client.execute(uri: item.original.url, method: .get, headers: [.range: "bytes=5-14"]) {
                #expect($0.status == .partialContent)
                #expect($0.bytes == Array(source[5..<15]))
            }
            try await client.execute(uri: "/api/v1/photos?limit=-1", method: .get) { response in
                #expect(response.status == .badRequest)
                let error = try response.decode(APIErrorBody.self)
                #expect(error.error.code == "bad_limit")
            }
        }
    }
}
