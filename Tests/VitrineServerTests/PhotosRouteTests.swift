import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

@Suite struct PhotosRouteTests {
    @Test func pagesThroughEveryPhotoNewestFirst() async throws {
        let fixture = try await ServerFixture(photos: 5)
        try await fixture.makeApp().test(.router) { client in
            var seen: [PhotoSummary] = []
            var cursor: String?
            var requests = 0
            repeat {
                let query = "/api/v1/photos?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: query, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                    return try response.decode(PhotoPage.self)
                }
                #expect(page.total == 5)
                seen += page.items
                cursor = page.nextCursor
                requests += 1
            } while cursor != nil
            #expect(requests == 3)
            #expect(seen.map(\.takenAt) == (1...5).reversed().map { "2020-01-0\($0)T10:00:00" })
            let first = try #require(seen.first)
            #expect(first.thumb.url.hasPrefix("/assets/") && first.thumb.width > 0)
            #expect(first.preview.url.hasSuffix(".jpg"))
            #expect(first.original.url.hasSuffix(".jpg"))
            #expect(!first.placeholder.thumbHash.isEmpty && first.placeholder.averageColor.hasPrefix("#"))
            #expect(first.title.hasSuffix(".jpg"))
        }
    }

    @Test func defaultPageIsTwentyAndTheLastPageSaysNull() async throws {
        let fixture = try await ServerFixture(photos: 2)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/api/v1/photos", method: .get) { response in
                let text = String(decoding: response.bytes, as: UTF8.self)
                #expect(text.contains("\"nextCursor\":null"))
                let page = try response.decode(PhotoPage.self)
                #expect(page.items.count == 2)
            }
        }
    }

    @Test func detailHasEveryField() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let id = fixture.ids[0]
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) { response in
                #expect(response.status == .ok)
                let detail = try response.decode(PhotoDetail.self)
                #expect(detail.id == id)
                #expect(detail.originalName == "photo0.jpg")
                #expect(detail.format == "jpeg" && detail.mimeType == "image/jpeg")
                #expect(detail.takenAt == "2020-01-01T10:00:00" && detail.takenAtSource == "exif")
                #expect((detail.width, detail.height) == (640, 480))
                #expect(detail.byteSize > 0)
            }
        }
    }

    @Test(arguments: [
        ("/api/v1/photos?limit=0", 400, "bad_limit"),
        ("/api/v1/photos?limit=401", 400, "bad_limit"),
        ("/api/v1/photos?limit=ten", 400, "bad_limit"),
        ("/api/v1/photos?cursor=not-a-cursor!", 400, "bad_cursor"),
        ("/api/v1/photos?cursor=MTIzLmFiYw", 400, "bad_cursor"),
        ("/api/v1/photos/..%2F..%2Fetc", 400, "bad_id"),
        ("/api/v1/photos/AAAAAAAAAAAA", 404, "not_found"),
        ("/api/v1/nothing-here", 404, "not_found"),
        ("/assets/not-a-hash.jpg", 400, "bad_asset"),
        ("/assets/" + String(repeating: "0", count: 64), 404, "not_found"),
    ])
    func badRequestsGetJSONErrors(_ uri: String, _ status: Int, _ code: String) async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status.code == status)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let body = try response.decode(APIErrorBody.self)
                #expect(body.error.code == code)
                #expect(!body.error.message.isEmpty)
            }
        }
    }

    @Test func searchesAndListsTags() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp().test(.router) { client in
            let tags = try await client.execute(uri: "/api/v1/tags", method: .get) { try $0.decode(TagList.self) }
            let folder = URL(fileURLWithPath: fixture.inputs.path).lastPathComponent
            #expect(tags.tags == [TagList.Tag(name: folder, count: 3)])

            let byName = try await client.execute(uri: "/api/v1/photos?q=photo1", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(byName.items.map(\.title) == ["photo1.jpg"] && byName.total == 1)
            let byTag = try await client.execute(uri: "/api/v1/photos?tag=\(folder)&limit=2", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(byTag.total == 3 && byTag.items.count == 2 && byTag.nextCursor != nil)
            let none = try await client.execute(uri: "/api/v1/photos?q=zebra&tag=nope", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(none.items.isEmpty && none.total == 0 && none.nextCursor == nil)
            let detail = try await client.execute(uri: "/api/v1/photos/\(fixture.ids[0])", method: .get) {
                try $0.decode(PhotoDetail.self)
            }
            #expect(detail.tags == [folder])
            // Limits count UTF-8 bytes: 200 characters of "é" are 400 bytes, 300 are 600.
            let accented = String(repeating: "%C3%A9", count: 200)
            try await client.execute(uri: "/api/v1/photos?q=" + accented, method: .get) { response in
                #expect(response.status == .ok)
            }
            for uri in [
                "/api/v1/photos?q=" + String(repeating: "a", count: 513),
                "/api/v1/photos?q=" + String(repeating: "%C3%A9", count: 300), "/api/v1/photos?tag=",
                "/api/v1/photos?tag=" + String(repeating: "%C3%BC", count: 51),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    let error = try response.decode(APIErrorBody.self)
                    #expect(["bad_query", "bad_tag"].contains(error.error.code))
                }
            }
        }
    }

    /// A Prepend letter glued to a quote used to reach FTS5 as syntax and answer 500.
    @Test(arguments: ["%E0%B5%8E%22", "%E0%B5%8E%22x%22", "%D8%80%22", "%E0%B5%8E*", "a%CC%81%22%22"])
    func searchTextNeverBecomesQuerySyntax(_ q: String) async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            for order in ["newest", "relevance"] {
                try await client.execute(uri: "/api/v1/photos?q=\(q)&order=\(order)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .ok, "\(q) \(order)")
                    #expect(throws: Never.self) { try response.decode(PhotoPage.self) }
                }
            }
        }
    }

    @Test func relevanceOrderRanksTitleMatchesFirstAndPages() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let catalog = fixture.library.catalog
        // Newest first would be photo2, photo1, photo0; the title match must come first instead.
        _ = try await catalog.update(id: fixture.ids[0], .init(title: "Lighthouse at night, lighthouse keeper"))
        _ = try await catalog.update(id: fixture.ids[2], .init(tags: ["lighthouse"]))
        try await fixture.makeApp().test(.router) { client in
            var ids: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/photos?q=lighthouse&order=relevance&limit=1" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { try $0.decode(PhotoPage.self) }
                #expect(page.total == 2)
                ids += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(ids == [fixture.ids[0], fixture.ids[2]])
            let newest = try await client.execute(uri: "/api/v1/photos?q=lighthouse", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            #expect(newest.items.map(\.id) == [fixture.ids[2], fixture.ids[0]])
            for uri in ["/api/v1/photos?order=oldest", "/api/v1/photos?q=a&order=relevance&cursor=bogus"] {
                try await client.execute(uri: uri, method: .get) { #expect($0.status == .badRequest) }
            }
        }
    }

    @Test func healthCheck() async throws {
        let fixture = try await ServerFixture(photos: 0)
        try await fixture.makeApp().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(decoding: response.bytes, as: UTF8.self) == #"{"status":"ok"}"#)
            }
        }
    }
}
