import Foundation
import Testing
import VitrineAPI
import VitrineKit

@Suite struct ClientReadTests {
    @Test func cursorsWalkEveryPhotoOnceNewestFirst() async throws {
        try await LiveVitrine.with(photos: 7) { server async throws in
            let client = server.client
            var seen: [String] = []
            var query = PhotoQuery(limit: 3)
            var pages: [PhotoPage] = []
            while true {
                let page = try await client.photos(query)
                #expect(page.total == 7)
                pages.append(page)
                seen += page.items.map(\.id)
                guard let next = page.nextCursor else { break }
                query = query.at(.cursor(next))
                try #require(pages.count <= 7, "the walk ends")
            }
            #expect(seen == server.ids.reversed())
            #expect(pages.count == 3)
            let second = try #require(pages.dropFirst().first?.previousCursor)
            #expect(try await client.photos(PhotoQuery(limit: 3, position: .after(second))).items == pages[0].items)
        }
    }

    @Test func detailPagesWalkEveryPhotosFullRecordOnceNewestFirst() async throws {
        try await LiveVitrine.with(photos: 5) { server async throws in
            let client = server.client
            _ = try await client.edit(id: server.ids[1], PhotoEdit(title: "Quay", tags: ["sea"]))
            var seen: [PhotoDetail] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await client.details(cursor: cursor, limit: 2)
                #expect(page.total == 5)
                seen += page.items
                cursor = page.nextCursor
                pages += 1
                try #require(pages <= 5, "the walk ends")
            } while cursor != nil
            #expect(pages == 3 && seen.map(\.id) == server.ids.reversed())
            for detail in seen { #expect(detail == (try await client.photo(id: detail.id))) }
            let sea = try await client.details(tags: ["sea"])
            #expect(sea.items.map(\.id) == [server.ids[1]] && sea.items.first?.title == "Quay")
            #expect(try await client.details(text: "quay").items.map(\.id) == [server.ids[1]])
        }
    }

    @Test func positionsBeforeAroundAndMonth() async throws {
        try await LiveVitrine.with(photos: 7) { server async throws in
            let client = server.client
            let before = try await client.photos(PhotoQuery(position: .before("2020-01-03")))
            #expect(before.items.map(\.id) == [server.ids[1], server.ids[0]])

            let around = try await client.photos(PhotoQuery(limit: 3, position: .around(id: server.ids[3])))
            #expect(around.items.map(\.id).contains(server.ids[3]))
            let newer = try await client.photos(
                PhotoQuery(limit: 3, position: .after(try #require(around.previousCursor))))
            let older = try await client.photos(
                PhotoQuery(limit: 3, position: .cursor(try #require(around.nextCursor))))
            let walked = newer.items.map(\.id) + around.items.map(\.id) + older.items.map(\.id)
            #expect(Set(walked).count == walked.count, "no photo on two pages")
            #expect(walked == Array(server.ids.reversed()).filter(walked.contains))
            let position = try #require(around.position)
            #expect(position == PhotoPage.Position(year: 2020, month: 1, offset: 3))

            let month = try await client.photos(
                PhotoQuery(
                    limit: 2, position: .month(year: position.year, month: position.month, offset: position.offset)))
            #expect(month.items.first?.id == server.ids[3])
        }
    }

    @Test func filtersRelevanceDetailAndTags() async throws {
        try await LiveVitrine.with(photos: 4) { server async throws in
            let client = server.client
            _ = try await client.edit(id: server.ids[0], PhotoEdit(title: "Harbour sunset", tags: ["sea", "dusk"]))
            _ = try await client.edit(id: server.ids[2], PhotoEdit(title: "Sunset sunset sunset", tags: ["dusk"]))

            let dusk = try await client.photos(PhotoQuery(tags: ["dusk"]))
            #expect(dusk.items.map(\.id) == [server.ids[2], server.ids[0]])
            #expect(try await client.photos(PhotoQuery(tags: ["dusk", "sea"])).items.map(\.id) == [server.ids[0]])
            #expect(try await client.photos(PhotoQuery(text: "harbour")).items.map(\.id) == [server.ids[0]])
            let ranked = try await client.photos(PhotoQuery(text: "sunset", order: .relevance))
            #expect(Set(ranked.items.map(\.id)) == [server.ids[0], server.ids[2]])
            #expect(ranked.items.first?.id == server.ids[2], "three mentions rank above one")

            let detail = try await client.photo(id: server.ids[0])
            #expect(detail.id == server.ids[0])
            #expect(detail.title == "Harbour sunset")
            #expect(Set(detail.tags) == ["sea", "dusk"])
            let tags = try await client.tags()
            #expect(tags.tags.first == TagList.Tag(name: "dusk", count: 2))
            #expect(tags.tags.contains(TagList.Tag(name: "sea", count: 1)))

            let timeline = try await client.timeline(PhotoQuery(tags: ["dusk"]))
            #expect(!timeline.months.isEmpty)
        }
    }

    @Test func sessionTellsTheAdminByToken() async throws {
        try await LiveVitrine.with(photos: 0, private: true) { server async throws in
            #expect(try await server.client.session() == SessionInfo(private: true, admin: true))
            #expect(try await server.anonymous.session() == SessionInfo(private: true, admin: false))
        }
    }
}
