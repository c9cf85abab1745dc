import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `GET /api/v1/timeline` and the positions of `GET /api/v1/photos` (`before`, `after`, `around`, `month`
/// with `offset`), through the router. The fixture's photos are dated 2020-01-01 … 05 at 10:00 (UTC).
@Suite struct TimelineRouteTests {
    func text(_ client: some TestClientProtocol, _ uri: String) async throws -> String {
        try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
            #expect(response.status == .ok, "\(uri)")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            return String(decoding: response.bytes, as: UTF8.self)
        }
    }

    func page(_ client: some TestClientProtocol, _ uri: String) async throws -> PhotoPage {
        try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
            #expect(response.status == .ok, "\(uri)")
            return try response.decode(PhotoPage.self)
        }
    }

    func expectError(
        _ client: some TestClientProtocol, _ uri: String, _ status: HTTPResponse.Status, _ code: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
            #expect(response.status == status, "\(uri)", sourceLocation: sourceLocation)
            #expect(try response.errorCode() == code, "\(uri)", sourceLocation: sourceLocation)
        }
    }

    @Test func theTimelineListsMonthsNewestFirstForTheLibraryOrAFilter() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp().test(.router) { client in
            #expect(
                try await text(client, "/api/v1/timeline")
                    == #"{"months":[{"year":2020,"month":1,"count":3}],"total":3}"#)
            #expect(try await text(client, "/api/v1/timeline?tag=nosuchtag") == #"{"months":[],"total":0}"#)
            #expect(
                try await text(client, "/api/v1/timeline?q=photo1")
                    == #"{"months":[{"year":2020,"month":1,"count":1}],"total":1}"#)
            try await expectError(client, "/api/v1/timeline?tag=", .badRequest, "bad_tag")
            let long = String(repeating: "a", count: PhotosController<BasicRequestContext>.maximumQueryBytes + 1)
            try await expectError(client, "/api/v1/timeline?q=\(long)", .badRequest, "bad_query")
        }
    }

    @Test func anUploadAndADeleteChangeTheCountsAtOnce() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let path = try Fixtures.write(
            fixture.inputs.file("june.jpg"), width: 320, height: 240, seed: 9,
            fields: ["exif-ifd2-DateTimeOriginal": "2021:06:15 12:00:00"])
        try await fixture.makeApp().test(.router) { client in
            let before = #"{"months":[{"year":2020,"month":1,"count":2}],"total":2}"#
            #expect(try await text(client, "/api/v1/timeline") == before)
            #expect(try await text(client, "/api/v1/timeline") == before, "kept while nothing changes")
            let id = try await client.execute(
                uri: "/api/v1/photos?tag=June", method: .post, headers: auth,
                body: ByteBuffer(bytes: Fixtures.bytes(of: path))
            ) { (response: TestResponse) async throws in
                #expect(response.status == .created)
                return try response.decode(UploadResult.self).photo.id
            }
            #expect(
                try await text(client, "/api/v1/timeline")
                    == #"{"months":[{"year":2021,"month":6,"count":1},{"year":2020,"month":1,"count":2}],"total":3}"#)
            #expect(
                try await text(client, "/api/v1/timeline?tag=june")
                    == #"{"months":[{"year":2021,"month":6,"count":1}],"total":1}"#)
            try await client.execute(uri: "/api/v1/photos/\(fixture.ids[0])", method: .delete, headers: auth) {
                (response: TestResponse) async throws in #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/photos/\(id)", method: .delete, headers: auth) {
                (response: TestResponse) async throws in #expect(response.status == .noContent)
            }
            #expect(
                try await text(client, "/api/v1/timeline")
                    == #"{"months":[{"year":2020,"month":1,"count":1}],"total":1}"#)
            #expect(try await text(client, "/api/v1/timeline?tag=june") == #"{"months":[],"total":0}"#)
        }
    }

    @Test func pagesStartBeforeAnInstantAroundAPhotoOrInsideAMonthAndWalkBothWays() async throws {
        let fixture = try await ServerFixture(photos: 5)
        let newestFirst = Array(fixture.ids.reversed())
        try await fixture.makeApp().test(.router) { client in
            let top = try await text(client, "/api/v1/photos?limit=2")
            #expect(!top.contains("previousCursor"), "a page from the top has no way up, and says nothing of it")

            let before = try await page(client, "/api/v1/photos?limit=2&before=2020-01-03")
            #expect(before.items.map(\.id) == Array(newestFirst[3...4]))
            #expect(before.nextCursor == nil && before.total == 5)
            let previous = try #require(before.previousCursor)
            let newer = try await page(client, "/api/v1/photos?limit=2&after=\(previous)")
            #expect(newer.items.map(\.id) == Array(newestFirst[1...2]))
            #expect(newer.nextCursor != nil)
            let newest = try await page(client, "/api/v1/photos?limit=2&after=\(try #require(newer.previousCursor))")
            #expect(newest.items.map(\.id) == [newestFirst[0]] && newest.previousCursor == nil)

            let timed = try await page(client, "/api/v1/photos?before=2020-01-03T10:00:00.001%2B00:00")
            #expect(timed.items.map(\.id) == Array(newestFirst[2...4]))

            let around = try await page(client, "/api/v1/photos?limit=3&around=\(newestFirst[2])")
            #expect(around.items.map(\.id) == Array(newestFirst[1...3]))
            let up = try await page(client, "/api/v1/photos?limit=3&after=\(try #require(around.previousCursor))")
            let down = try await page(client, "/api/v1/photos?limit=3&cursor=\(try #require(around.nextCursor))")
            #expect(up.items.map(\.id) + around.items.map(\.id) + down.items.map(\.id) == newestFirst)

            let inMonth = try await page(client, "/api/v1/photos?limit=2&month=2020-01&offset=3")
            #expect(inMonth.items.map(\.id) == Array(newestFirst[3...4]) && inMonth.previousCursor != nil)
            let monthTop = try await page(client, "/api/v1/photos?limit=1&month=2020-01")
            #expect(monthTop.items.map(\.id) == [newestFirst[0]])
            let later = try await page(client, "/api/v1/photos?month=2021-01")
            #expect(later.items.map(\.id) == newestFirst, "a month after the newest photo starts at the top")
            let earlier = try await page(client, "/api/v1/photos?month=2019-12")
            #expect(earlier.items.isEmpty && earlier.nextCursor == nil && earlier.previousCursor == nil)
        }
    }

    /// The document gives `offset` a default of 0, which generated clients send on every call: it skips
    /// nothing, so every position (and relevance order) answers as if it were left out.
    @Test func offsetZeroIsTheDefaultAtEveryPosition() async throws {
        let fixture = try await ServerFixture(photos: 3)
        try await fixture.makeApp().test(.router) { client in
            let first = try await page(client, "/api/v1/photos?limit=1")
            let queries = [
                "limit=2", "limit=1&cursor=\(try #require(first.nextCursor))", "before=2020-01-03",
                "around=\(fixture.ids[1])&limit=1", "month=2020-01&limit=2", "order=relevance&q=photo",
            ]
            for query in queries {
                let plain = try await text(client, "/api/v1/photos?\(query)")
                #expect(try await text(client, "/api/v1/photos?\(query)&offset=0") == plain, "\(query)")
            }
            try await expectError(client, "/api/v1/photos?offset=1", .badRequest, "bad_offset")
            try await expectError(
                client, "/api/v1/photos?order=relevance&q=photo&offset=1", .badRequest, "bad_position")
        }
    }

    @Test func malformedPositionsAre400sAndAnUnknownPhotoIsA404() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            for bad in [
                "2020", "2020-01-32", "2020-02-30", "2020-01-01T10:00", "yesterday", "2020-01-01T25:00Z",
                "99999-01-01", "2020-01-01T10:00:00%2B99:00", "%00", "-1",
            ] {
                try await expectError(client, "/api/v1/photos?before=\(bad)", .badRequest, "bad_before")
            }
            for bad in ["2020-13", "2020-00", "2020-1", "20-01", "2020-01-01", "abcd-ef", "%2B020-01"] {
                try await expectError(client, "/api/v1/photos?month=\(bad)", .badRequest, "bad_month")
            }
            for bad in ["-1", "1000001", "x", "1e3", "99999999999999999999999"] {
                try await expectError(client, "/api/v1/photos?month=2020-01&offset=\(bad)", .badRequest, "bad_offset")
            }
            try await expectError(client, "/api/v1/photos?offset=2", .badRequest, "bad_offset")
            try await expectError(client, "/api/v1/photos?after=notacursor", .badRequest, "bad_cursor")
            try await expectError(client, "/api/v1/photos?around=..%2Fetc", .badRequest, "bad_id")
            try await expectError(client, "/api/v1/photos?around=nosuchphoto0", .notFound, "not_found")
            try await expectError(
                client, "/api/v1/photos?before=2020-01-01&around=\(fixture.ids[0])", .badRequest, "bad_position")
            try await expectError(
                client, "/api/v1/photos?order=relevance&q=photo&before=2020-01-01", .badRequest, "bad_position")
        }
    }
}
