import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `GET /api/v1/details`: pages of full records, each the same as the photo's own detail.
@Suite struct DetailsRouteTests {
    @Test func pagesThroughEveryPhotosDetailAsEachPhotoAnswersIt() async throws {
        let fixture = try await ServerFixture(photos: 5)
        let auth = try fixture.bearer()
        try await fixture.makeApp().test(.router) { client in
            for id in fixture.ids.prefix(2) {
                try await client.execute(
                    uri: "/api/v1/photos/\(id)", method: .patch, headers: auth,
                    body: ByteBuffer(string: #"{"tags":["sea","Harbour"]}"#)
                ) { (response: TestResponse) async throws in #expect(response.status == .ok) }
            }
            var seen: [PhotoDetail] = []
            var cursor: String?
            var requests = 0
            repeat {
                let uri = "/api/v1/details?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                    return try response.decode(PhotoDetailPage.self)
                }
                #expect(page.total == 5 && page.items.count <= 2)
                seen += page.items
                cursor = page.nextCursor
                requests += 1
            } while cursor != nil
            #expect(requests == 3)
            #expect(Set(seen.map(\.id)) == Set(fixture.ids) && seen.count == 5)
            #expect(seen.map(\.takenAt) == (1...5).reversed().map { "2020-01-0\($0)T10:00:00" })
            for detail in seen {
                let own = try await client.execute(uri: "/api/v1/photos/\(detail.id)", method: .get) {
                    try $0.decode(PhotoDetail.self)
                }
                #expect(detail == own)
            }
            #expect(seen.filter { $0.tags == ["Harbour", "sea"] }.count == 2)

            let tagged = try await client.execute(uri: "/api/v1/details?tag=harbour&limit=200", method: .get) {
                try $0.decode(PhotoDetailPage.self)
            }
            #expect(tagged.total == 2 && Set(tagged.items.map(\.id)) == Set(fixture.ids.prefix(2)))
            #expect(tagged.nextCursor == nil)
        }
    }

    @Test(arguments: [
        ("/api/v1/details?limit=0", "bad_limit"),
        ("/api/v1/details?limit=201", "bad_limit"),
        ("/api/v1/details?limit=-1", "bad_limit"),
        ("/api/v1/details?cursor=not-a-cursor!", "bad_cursor"),
        ("/api/v1/details?tag=", "bad_tag"),
    ])
    func refusesWhatItCannotAnswer(_ uri: String, _ code: String) async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
                #expect(try response.errorCode() == code)
            }
        }
    }
}
