import Foundation
import TestSupport
import Testing
import VitrineAPI
import VitrineKit

/// Fresh data from the real change feed applied through GalleryEngine's diff: observers get insertions,
/// removals, moves and updates, never a reload, and the viewer stays on its photo.
@Suite struct GalleryStoreChangeFeedTests {
    /// The first `count` photos as the server lists them now.
    static func fresh(_ client: VitrineClient, count: Int) async throws -> [PhotoSummary] {
        var items: [PhotoSummary] = []
        var page = try await client.photos(PhotoQuery(limit: 200))
        items += page.items
        while items.count < count, let cursor = page.nextCursor {
            page = try await client.photos(PhotoQuery(limit: 200, position: .cursor(cursor)))
            items += page.items
        }
        return Array(items.prefix(count))
    }

    @Test func anUploadArrivesAsOneInsertionAndTheViewerKeepsItsPhoto() async throws {
        try await StoreServer.with(photos: 25) { server in
            let client = server.client()
            let store = GalleryStore(client: client)
            await store.send(.loadMore)
            await store.send(.open(index: 3))
            let log = await StoreUpdateLog.start(store)
            let seq = try await StoreWaiting.feedPosition(client)

            let uploaded = try await client.upload(.file(try server.newPhoto(seed: 1)))
            let message = try await StoreWaiting.change(client, since: seq, id: uploaded.photo.id)
            #expect(message.kind == "insert" && message.total == 26)
            await store.send(.apply([message]))

            let update = try await log.wait(for: "the insertion") { !$0.changes.isEmpty }
            #expect(update.changes == GalleryChanges(insertions: [0]), "one insertion at the top, no reload")
            #expect(log.itemChanges.count == 1)
            var state = await store.state
            #expect(state.total == 26 && state.items.first?.id == uploaded.photo.id)
            let fresh21 = try await Self.fresh(client, count: 21)
            #expect(state.items == fresh21)
            #expect(state.current == 4 && state.currentItem?.id == server.ids[3], "the viewer follows its photo")
            #expect(state.deck == 2...8)

            // The next page still starts after the last loaded photo: nothing twice, nothing missing.
            await store.send(.loadMore)
            state = await store.state
            let fresh26 = try await Self.fresh(client, count: 26)
            #expect(state.items == fresh26 && state.isComplete)
        }
    }

    @Test func aDeleteArrivesAsOneRemovalAndTheViewerMovesToTheNeighbour() async throws {
        try await StoreServer.with(photos: 25) { server in
            let client = server.client()
            let store = GalleryStore(client: client)
            await store.send(.loadMore)
            await store.send(.open(index: 5))
            let log = await StoreUpdateLog.start(store)
            var seq = try await StoreWaiting.feedPosition(client)

            try await client.delete(id: server.ids[2])
            var message = try await StoreWaiting.change(client, since: seq, id: server.ids[2])
            #expect(message.kind == "delete" && message.photo == nil)
            seq = message.seq
            await store.send(.apply([message]))
            var update = try await log.wait(for: "the removal") { !$0.changes.isEmpty }
            #expect(update.changes == GalleryChanges(removals: [2]))
            var state = await store.state
            let fresh19 = try await Self.fresh(client, count: 19)
            #expect(state.total == 24 && state.items == fresh19)
            #expect(state.current == 4 && state.currentItem?.id == server.ids[5])

            // The open photo itself: the viewer moves to the next one, which takes its index.
            try await client.delete(id: server.ids[5])
            message = try await StoreWaiting.change(client, since: seq, id: server.ids[5])
            await store.send(.apply([message]))
            update = try await log.wait(for: "the second removal") { $0.changes == GalleryChanges(removals: [4]) }
            state = await store.state
            #expect(state.current == 4 && state.currentItem?.id == server.ids[6])
            #expect(log.itemChanges.count == 2)
        }
    }

    @Test func anEditArrivesAsOneUpdateInPlace() async throws {
        try await StoreServer.with(photos: 5) { server in
            let client = server.client()
            let store = GalleryStore(client: client)
            await store.send(.loadMore)
            let log = await StoreUpdateLog.start(store)
            let seq = try await StoreWaiting.feedPosition(client)
            _ = try await client.edit(id: server.ids[1], PhotoEdit(title: "Renamed"))
            let message = try await StoreWaiting.change(client, since: seq, id: server.ids[1])
            await store.send(.apply([message]))
            let update = try await log.wait(for: "the update") { !$0.changes.isEmpty }
            #expect(update.changes == GalleryChanges(updates: [1]))
            #expect(update.state.items[1].title == "Renamed")
            let fresh5 = try await Self.fresh(client, count: 5)
            #expect(update.state.items == fresh5)
        }
    }

    @Test func aPhotoOlderThanTheLoadedRangeWaitsForItsPage() async throws {
        try await StoreServer.with(photos: 25) { server in
            let client = server.client()
            let store = GalleryStore(client: client)
            await store.send(.loadMore)
            let log = await StoreUpdateLog.start(store)
            let seq = try await StoreWaiting.feedPosition(client)
            let old = try Fixtures.write(
                server.inputs.file("old.jpg"), width: 160, height: 120, seed: 777,
                fields: ["exif-ifd2-DateTimeOriginal": "2019:06:01 12:00:00"])
            let uploaded = try await client.upload(.file(URL(fileURLWithPath: old)))
            let message = try await StoreWaiting.change(client, since: seq, id: uploaded.photo.id)
            await store.send(.apply([message]))
            try await log.wait(for: "the new total") { $0.state.total == 26 }
            #expect(log.itemChanges.isEmpty, "below the loaded range: not inserted")

            await store.send(.loadMore)
            let state = await store.state
            let fresh26 = try await Self.fresh(client, count: 26)
            #expect(state.items.last?.id == uploaded.photo.id && state.items == fresh26)
        }
    }

    @Test func resetAppliesWhatChangedMeanwhileAsADiff() async throws {
        try await StoreServer.with(photos: 25) { server in
            let client = server.client()
            let store = GalleryStore(client: client)
            await store.send(.loadMore)
            await store.send(.open(index: 6))
            let log = await StoreUpdateLog.start(store)
            let uploaded = try await client.upload(.file(try server.newPhoto(seed: 2)))
            try await client.delete(id: server.ids[1])
            await store.send(.reset)
            let update = try await log.wait(for: "the refresh") { !$0.changes.isEmpty }
            #expect(update.changes.removals == [1] && update.changes.insertions == [0])
            #expect(update.changes.moves.isEmpty && update.changes.updates.isEmpty)
            let state = await store.state
            let fresh20 = try await Self.fresh(client, count: 20)
            #expect(state.items == fresh20)
            #expect(state.items.first?.id == uploaded.photo.id && state.currentItem?.id == server.ids[6])
        }
    }
}

/// A filtered store: whether a photo matches is the server's to say, so a change makes the store fetch
/// its loaded range again, and what starts or stops matching comes in or goes out as a diff.
@Suite struct GalleryStoreFilteredChangeTests {
    static func tagged(_ client: VitrineClient, _ tag: String) async throws -> [PhotoSummary] {
        try await client.photos(PhotoQuery(limit: 200, tags: [tag])).items
    }

    @Test func aPhotoRetaggedIntoTheFilterArrivesAsAnInsertionAndOutOfItAsARemoval() async throws {
        try await StoreServer.with(photos: 12) { server in
            let client = server.client()
            for id in [server.ids[1], server.ids[4], server.ids[7]] {
                _ = try await client.edit(id: id, PhotoEdit(tags: ["harbour"]))
            }
            let store = GalleryStore(client: client, query: PhotoQuery(tags: ["harbour"]))
            await store.send(.loadMore)
            #expect(await store.state.items.map(\.id) == [server.ids[1], server.ids[4], server.ids[7]])
            let log = await StoreUpdateLog.start(store)
            var seq = try await StoreWaiting.feedPosition(client)

            // ids[5] sits between two matches by date: the feed's message cannot say it now matches.
            _ = try await client.edit(id: server.ids[5], PhotoEdit(tags: ["harbour", "boats"]))
            var message = try await StoreWaiting.change(client, since: seq, id: server.ids[5])
            seq = message.seq
            #expect(message.kind == "update")
            await store.send(.apply([message]))
            var update = try await log.wait(for: "the insertion") { !$0.changes.isEmpty }
            #expect(update.changes == GalleryChanges(insertions: [2]), "one insertion, no reload")
            var state = await store.state
            #expect(state.items == (try await Self.tagged(client, "harbour")) && state.total == 4)

            _ = try await client.edit(id: server.ids[4], PhotoEdit(tags: []))
            message = try await StoreWaiting.change(client, since: seq, id: server.ids[4])
            await store.send(.apply([message]))
            update = try await log.wait(for: "the removal") { $0.changes == GalleryChanges(removals: [1]) }
            state = await store.state
            #expect(state.items.map(\.id) == [server.ids[1], server.ids[5], server.ids[7]] && state.total == 3)
            #expect(log.itemChanges.count == 2, "each change is one diff")
        }
    }

    /// An album's store is filtered as a search is: a photo uploaded to the library is not the album's, and
    /// the library's total is not the album's.
    @Test func anAlbumsStoreKeepsOutAPhotoUploadedToTheLibrary() async throws {
        try await StoreServer.with(photos: 4) { server in
            let client = server.client()
            let album = try await client.createAlbum(
                title: "Two", photos: Selection(ids: [server.ids[1], server.ids[2]]))
            let store = GalleryStore(client: client, query: PhotoQuery(album: album.id))
            await store.send(.loadMore)
            #expect(await store.state.items.map(\.id) == [server.ids[1], server.ids[2]])
            let seq = try await StoreWaiting.feedPosition(client)
            let uploaded = try await client.upload(.file(try server.newPhoto(seed: 2)))
            let message = try await StoreWaiting.change(client, since: seq, id: uploaded.photo.id)
            await store.send(.apply([message]))
            try await Task.sleep(for: .milliseconds(300))
            let state = await store.state
            #expect(state.items.map(\.id) == [server.ids[1], server.ids[2]] && state.total == 2)
        }
    }
}
