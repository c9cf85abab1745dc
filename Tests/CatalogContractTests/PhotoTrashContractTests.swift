import Blobs
import Catalog
import TestSupport
import Testing
import VitrineCore

/// `PhotoTrash`: a trashed photo leaves every read but keeps its files until the purge, and comes back
/// exactly as it was.
@Suite struct PhotoTrashContractTests {
    let folder = TemporaryDirectory("contract-trash")

    /// Deletes nothing: returns what a collection would have deleted.
    func collectable(_ catalog: any PhotoCatalog, _ keys: [BlobKey]) async throws -> Set<BlobKey> {
        let collected = Box()
        _ = try await catalog.collectGarbage(candidates: keys) { await collected.add($0) }
        return await collected.keys
    }

    actor Box {
        var keys: Set<BlobKey> = []
        func add(_ more: [BlobKey]) { keys.formUnion(more) }
    }

    @Test(arguments: CatalogUnderTest.all)
    func aTrashedPhotoLeavesEveryReadButKeepsItsFiles(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let keys = (0..<5).map(Samples.key)
        let gone = try await Samples.insert(catalog, name: "zebra.jpg", tags: ["Zoo"], takenAt: 2_000, keys: keys)
        let kept = try await Samples.insert(catalog, name: "lion.jpg", tags: ["Zoo"], takenAt: 1_000)
        let size = SizedVariantRecord(
            photoId: gone.id, edge: 150, blobKey: Samples.key(50), mimeType: "image/jpeg", width: 150, height: 100,
            byteSize: 9)
        _ = try await catalog.insertSizedVariant(size, leaseOwner: "sized")
        let before = try await catalog.latestChangeSeq()
        let stored = try #require(try await catalog.photo(id: gone.id))

        #expect(try await catalog.trash(id: gone.id) == [Samples.key(50)], "sizes made on demand are not kept")
        #expect(try await catalog.trash(id: gone.id) == nil, "a second trash finds nothing")
        #expect(try await catalog.photo(id: gone.id) == nil)
        #expect(try await catalog.count() == 1)
        #expect(try await catalog.page(after: nil, limit: 10).items.map(\.photo.id) == [kept.id])
        #expect(try await catalog.tagCounts() == [TagCount(name: "Zoo", count: 1)])
        #expect(try await catalog.monthCounts(filter: PhotoFilter()).map(\.count).reduce(0, +) == 1)
        #expect(
            try await catalog.relevancePage(after: nil, limit: 10, filter: PhotoFilter(query: "zebra")).items.isEmpty)
        var search = CompatSearch()
        search.filter = PhotoFilter(query: "zebra")
        #expect(try await catalog.compatSearch(search).items.isEmpty)
        let events = try #require(try await catalog.changes(after: before))
        #expect(events.map(\.kind) == [.delete] && events.map(\.photoId) == [gone.id])

        #expect(try await collectable(catalog, keys).isEmpty, "a collection leaves a trashed photo's files")
        #expect(try await catalog.referencedBlobKeys().isSuperset(of: keys))
        let page = try await catalog.trashPage(after: nil, limit: 10)
        #expect(page.total == 1 && page.items.map(\.item) == [stored] && page.items[0].tags == ["Zoo"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aRestoredPhotoComesBackAsItWas(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog, name: "zebra.jpg", title: "Stripes", tags: ["Zoo", "Africa"])
        let original = try #require(try await catalog.photo(id: photo.id))
        _ = try await catalog.increment(.views, photoId: photo.id)
        _ = try await catalog.increment(.downloads, photoId: photo.id)
        var search = CompatSearch()
        search.filter = PhotoFilter(query: "stripes")
        let compat = try #require(try await catalog.compatSearch(search).items.first)
        let objectId = compat.objectId
        _ = try await catalog.trash(id: photo.id)
        try await Samples.insert(catalog, name: "later.jpg", takenAt: 1)
        let before = try await catalog.latestChangeSeq()

        #expect(try await catalog.restore(id: photo.id) == .restored)
        #expect(try await catalog.restore(id: photo.id) == nil, "no longer in the trash")
        #expect(try await catalog.photo(id: photo.id) == original)
        #expect(try await catalog.tags(of: photo.id) == ["Africa", "Zoo"])
        let counters = try #require(try await catalog.counters(photoId: photo.id))
        #expect(counters.views == 1 && counters.downloads == 1)
        #expect(try await catalog.compatSearch(search).items.first?.objectId == objectId)
        #expect(
            try await catalog.compatSearch(search).items.first?.number == compat.number,
            "its public number back, though a photo came meanwhile")
        #expect(try await catalog.trashPage(after: nil, limit: 10).total == 0)
        #expect(try await catalog.changes(after: before)?.map(\.kind) == [.insert])
        #expect(try await collectable(catalog, Array(original.variants.values.map(\.blobKey))).isEmpty)
    }

    @Test(arguments: CatalogUnderTest.all)
    func restoringAfterTheSameFileWasImportedAgainMergesIntoIt(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = Samples.record(takenAt: 5, hash: "same-bytes")
        try await catalog.insert(first, variants: Samples.variants(for: first.id), tags: ["Old"])
        _ = try await catalog.trash(id: first.id)
        let again = Samples.record(takenAt: 5, hash: "same-bytes")
        try await catalog.insert(again, variants: Samples.variants(for: again.id), tags: ["New"])

        #expect(try await catalog.restore(id: first.id) == .merged(into: again.id))
        #expect(try await catalog.count() == 1)
        #expect(try await catalog.tags(of: again.id) == ["New", "Old"])
        #expect(try await catalog.trashPage(after: nil, limit: 10).items.isEmpty)
    }

    /// A Live Photo trashed, its still imported again alone, then restored: the live still takes the
    /// trashed one's clip (kept as it came, nowhere else) and its web version, so no collection deletes them,
    /// and keeps its own files of every other kind; an album's cover and a link's upload log that named the
    /// trashed one name the live one.
    @Test(arguments: CatalogUnderTest.all)
    func aMergeTakesOverTheFilesTheLiveCopyLacks(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = Samples.record(takenAt: 5, hash: "same-still")
        let clip = VariantRecord(
            photoId: first.id, kind: .motion, blobKey: Samples.key(70), mimeType: "video/quicktime", width: 4,
            height: 3, byteSize: 99)
        var web = clip
        (web.kind, web.blobKey, web.mimeType) = (.motionWeb, Samples.key(71), "video/mp4")
        try await catalog.insert(first, variants: Samples.variants(for: first.id) + [clip, web], tags: [])
        let album = AlbumRecord(id: PhotoID.make(), title: "Trip", createdAt: 1, updatedAt: 1)
        try await catalog.createAlbum(album)
        _ = try await catalog.add(PhotoSelection(ids: [first.id]), to: .album(album.id))
        #expect(try await catalog.updateAlbum(id: album.id, AlbumEdit(coverPhotoId: .some(first.id))) != nil)
        let link = LinkRecord(slug: "drop-link-slug-merge-0123", createdAt: 1, allowsUpload: true)
        try await catalog.createLink(link, photos: nil)
        #expect(try await catalog.recordLinkUpload(slug: link.slug, photoId: first.id, at: 2, limit: 10))
        _ = try await catalog.trash(id: first.id)
        let again = Samples.record(takenAt: 5, hash: "same-still")
        try await catalog.insert(again, variants: Samples.variants(for: again.id), tags: [])

        #expect(try await catalog.restore(id: first.id) == .merged(into: again.id))
        #expect(try await catalog.album(id: album.id)?.coverPhotoId == again.id, "the cover follows")
        #expect(try await catalog.uploadLinks(photoId: again.id) == [link.slug], "so does the upload's mark")
        let merged = try #require(try await catalog.photo(id: again.id))
        #expect(merged.variants[.motion]?.blobKey == Samples.key(70))
        #expect(merged.variants[.motionWeb]?.blobKey == Samples.key(71))
        #expect(merged.variants[.preview]?.blobKey == Samples.variants(for: again.id)[1].blobKey, "its own")
        #expect(try await collectable(catalog, [Samples.key(70), Samples.key(71)]).isEmpty)
    }

    /// A photo a share link shared (among its own photos) is shared again once restored, while the link
    /// lasts; a link deleted meanwhile stays deleted.
    @Test(arguments: CatalogUnderTest.all)
    func aRestoredPhotoRejoinsTheLinksThatSharedIt(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog, takenAt: 7)
        let kept = LinkRecord(slug: "kept-link-slug-0123456789", createdAt: 1)
        let ended = LinkRecord(slug: "ended-link-slug-012345678", createdAt: 2)
        for link in [kept, ended] { try await catalog.createLink(link, photos: PhotoSelection(ids: [photo.id])) }
        let shared = PhotoFilter(set: .link(kept.slug))
        _ = try await catalog.trash(id: photo.id)
        #expect(try await catalog.page(after: nil, limit: 10, filter: shared).total == 0)
        #expect(try await catalog.deleteLink(slug: ended.slug))

        #expect(try await catalog.restore(id: photo.id) == .restored)
        #expect(try await catalog.page(after: nil, limit: 10, filter: shared).items.map(\.photo.id) == [photo.id])
        #expect(try await catalog.link(slug: ended.slug) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func theTrashPagesNewestTrashedFirstAndPurgesByAge(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var ids: [String] = []
        for n in 0..<5 {
            let photo = try await Samples.insert(
                catalog, takenAt: Int64(n), keys: (0..<5).map { Samples.key(n * 10 + $0) })
            _ = try await catalog.trash(id: photo.id)
            ids.append(photo.id)
            try await Task.sleep(for: .milliseconds(3))
        }
        let first = try await catalog.trashPage(after: nil, limit: 2)
        #expect(first.total == 5 && first.items.map(\.item.photo.id) == [ids[4], ids[3]])
        let second = try await catalog.trashPage(after: first.nextCursor, limit: 10)
        #expect(second.items.map(\.item.photo.id) == [ids[2], ids[1], ids[0]] && second.nextCursor == nil)

        let cutoff = second.items[1].trashedAt
        let purged = try await catalog.purgeTrash(trashedBefore: cutoff)
        #expect(Set(purged) == Set((0..<5).map(Samples.key)), "only the photo trashed before the cutoff")
        #expect(try await catalog.trashPage(after: nil, limit: 10).total == 4)
        #expect(try await collectable(catalog, purged) == Set(purged), "a purged photo's files are collectable")
        #expect(try await catalog.restore(id: ids[0]) == nil)

        let rest = try await catalog.purgeTrash(trashedBefore: nil)
        #expect(rest.count == 20)
        #expect(try await catalog.trashPage(after: nil, limit: 10).total == 0)
    }
}
