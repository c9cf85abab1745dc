import Foundation
import GalleryEngine
import TestSupport
import Testing
import VitrineAPI
import VitrineKit

/// Change-feed messages through `TimelineStore.apply`, against a real server: each photo goes where the
/// engine's live rules place it in its month, and the months are read again only when the rules cannot
/// say what a change did to the counts.
@Suite struct TimelineStoreChangeTests {
    /// 60 photos a day apart: February 2020 (29), January 2020 (31).
    static let configuration = TimelineStoreTests.configuration

    /// A store with both months loaded.
    static func loaded(_ server: StoreServer, _ faults: StoreFaults) async throws -> TimelineStore {
        let store = TimelineStore(client: server.client(faults), configuration: configuration)
        try await store.open()
        await store.viewport(width: 400, height: 2000)
        await store.release()
        await store.settled()
        #expect(await store.loadedCount == 60)
        return store
    }

    static func timelineReads(_ faults: StoreFaults) -> Int {
        faults.requests.filter { $0.url.path.hasSuffix("/api/v1/timeline") }.count
    }

    /// A photo file taken at `stamp` (EXIF), distinct from the library's.
    static func photo(_ server: StoreServer, _ stamp: String, seed: UInt32) throws -> URL {
        URL(
            fileURLWithPath: try Fixtures.write(
                server.inputs.file("dated-\(seed).jpg"), width: 160, height: 90, seed: 20_000 + seed,
                fields: ["exif-ifd2-DateTimeOriginal": stamp]))
    }

    @Test func anUploadGoesToItsPlaceInItsMonthAndANewMonthIsMadeForIt() async throws {
        try await StoreServer.with(photos: 60, hoursApart: 24) { server in
            let faults = StoreFaults()
            let client = server.client()
            let store = try await Self.loaded(server, faults)
            #expect(await store.months.map(\.count) == [29, 31])
            var seq = try await StoreWaiting.feedPosition(client)

            // Taken on 29 February at noon: the newest, at the top of February.
            let newest = try await client.upload(.file(try Self.photo(server, "2020:02:29 12:00:00", seed: 1)))
            var message = try await StoreWaiting.change(client, since: seq, id: newest.photo.id)
            seq = message.seq
            try await store.apply([message])
            #expect(await store.months.map(\.count) == [30, 31])
            #expect(await store.photo(section: 0, index: 0)?.id == newest.photo.id)
            #expect(await store.photo(section: 0, index: 1)?.id == server.ids[0], "the others move down one")
            #expect(Self.timelineReads(faults) == 1, "placed without reading the months again")
            let height = await store.contentHeight

            // Taken in June 2019: a month of its own at the end.
            let old = try await client.upload(.file(try Self.photo(server, "2019:06:15 08:00:00", seed: 2)))
            message = try await StoreWaiting.change(client, since: seq, id: old.photo.id)
            try await store.apply([message])
            let months = await store.months
            #expect(months.map(\.month) == [2, 1, 6] && months.map(\.count) == [30, 31, 1])
            #expect(await store.photo(section: 2, index: 0)?.id == old.photo.id)
            #expect(await store.photo(section: 1, index: 30)?.id == server.ids[59], "loaded photos stay loaded")
            #expect(await store.contentHeight > height)
            #expect(Self.timelineReads(faults) == 1)
        }
    }

    @Test func aDeleteOfALoadedPhotoClosesTheGapAndOneNotLoadedReadsTheMonthsAgain() async throws {
        try await StoreServer.with(photos: 60, hoursApart: 24) { server in
            let faults = StoreFaults()
            let client = server.client()
            let store = try await Self.loaded(server, faults)
            var seq = try await StoreWaiting.feedPosition(client)

            try await client.delete(id: server.ids[3])
            var message = try await StoreWaiting.change(client, since: seq, id: server.ids[3])
            seq = message.seq
            try await store.apply([message])
            #expect(await store.months.map(\.count) == [28, 31])
            #expect(await store.photo(section: 0, index: 3)?.id == server.ids[4])
            #expect(Self.timelineReads(faults) == 1)

            // A store that loaded nothing cannot tell where a deleted photo was: it reads the months.
            let cold = TimelineStore(client: server.client(faults), configuration: Self.configuration)
            try await cold.open()
            try await client.delete(id: server.ids[40])
            message = try await StoreWaiting.change(client, since: seq, id: server.ids[40])
            try await cold.apply([message])
            #expect(await cold.months.map(\.count) == [28, 30])
            #expect(Self.timelineReads(faults) == 3)
        }
    }
}
