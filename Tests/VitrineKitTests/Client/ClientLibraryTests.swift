import Foundation
import Testing
import VitrineAPI
import VitrineKit

/// Albums, favourites, the trash and share links through the SDK, against a live server.
@Suite struct ClientLibraryTests {
    @Test func anAlbumFavouritesTheTrashAndALink() async throws {
        try await LiveVitrine.with(photos: 3) { server async throws in
            let client = server.client
            let (a, b, c) = (server.ids[0], server.ids[1], server.ids[2])
            let album = try await client.createAlbum(title: "Trip", photos: Selection(ids: [a, b]))
            #expect(album.photoCount == 2)
            #expect(try await client.add(Selection(ids: [b, c]), toAlbum: album.id) == 1)
            #expect(try await client.photos(PhotoQuery(album: album.id)).total == 3)
            #expect(try await client.remove(Selection(ids: [c]), fromAlbum: album.id) == 1)
            let renamed = try await client.editAlbum(id: album.id, AlbumChange(title: "Greece", coverPhotoId: .some(b)))
            #expect(renamed.title == "Greece" && renamed.cover?.id == b)
            #expect(try await client.albums().items.map(\.id) == [album.id])

            #expect(try await client.setFavorite(true, Selection(ids: [a, c])) == 2)
            #expect(try await client.photos(PhotoQuery(favorite: true)).total == 2)
            #expect(try await client.timeline(PhotoQuery(favorite: true)).total == 2)
            #expect(try await client.setFavorite(false, Selection(ids: [c])) == 1)

            try await client.delete(id: a)
            #expect(try await client.trash().items.map(\.id) == [a])
            #expect(try await client.restore(ids: [a, c]) == RestoreResult(restored: [a], missing: [c]))
            #expect(try await client.photo(id: a).favorite == true, "back with its heart")
            #expect(try await client.photo(id: a).albums == [album.id], "and in its album")

            let link = try await client.createLink(LinkChange(albumId: album.id, password: .some("open sesame")))
            #expect(link.hasPassword && link.photoCount == 2)
            let edited = try await client.editLink(slug: link.slug, LinkChange(password: .some(nil)))
            #expect(!edited.hasPassword)
            #expect(try await client.links().items.map(\.slug) == [link.slug])
            try await client.deleteLink(slug: link.slug)
            try await client.deleteAlbum(id: album.id)
            #expect(try await client.albums().items.isEmpty)

            try await client.delete(id: b)
            try await client.emptyTrash()
            #expect(try await client.trash().total == 0)
            #expect(try await client.photos().total == 2)
        }
    }
}
