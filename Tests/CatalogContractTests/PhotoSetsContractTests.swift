import Catalog
import TestSupport
import Testing
import VitrineCore

/// `PhotoSets`: albums and favourites narrow pages, counts, months and offsets exactly as filtering the
/// whole library would, take ranges as a selection keeps them, and survive the trash.
@Suite struct PhotoSetsContractTests {
    let folder = TemporaryDirectory("contract-sets")
    static let day: Int64 = 86_400_000

    /// `count` photos a day apart, newest first, every third tagged "Sea".
    func library(_ catalog: any PhotoCatalog, count: Int) async throws -> [PhotoRecord] {
        var entries: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])] = []
        for n in 0..<count {
            let photo = Samples.record(takenAt: 1_500_000_000_000 + Int64(n) * Self.day)
            entries.append((photo, Samples.variants(for: photo.id), n % 3 == 0 ? ["Sea"] : []))
        }
        try await catalog.insertMany(entries)
        return entries.map(\.photo).sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }
    }

    func album(_ catalog: any PhotoCatalog, _ title: String = "Trip") async throws -> String {
        let id = PhotoID.make()
        try await catalog.createAlbum(AlbumRecord(id: id, title: title, createdAt: 1, updatedAt: 1))
        return id
    }

    /// Everything a set's view reads, against the same photos filtered in memory.
    func expectViews(
        _ catalog: any PhotoCatalog, _ filter: PhotoFilter, _ expected: [PhotoRecord],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var seen: [String] = []
        var cursor: PageCursor?
        repeat {
            let page = try await catalog.page(after: cursor, limit: 7, filter: filter)
            #expect(page.total == expected.count, sourceLocation: sourceLocation)
            seen += page.items.map(\.photo.id)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == expected.map(\.id), sourceLocation: sourceLocation)
        var months: [UTCMonth: Int] = [:]
        for photo in expected { months[UTCMonth(milliseconds: photo.takenAt), default: 0] += 1 }
        #expect(
            try await catalog.monthCounts(filter: filter)
                == months.sorted { $0.key > $1.key }.map { MonthCount(month: $0.key, count: $0.value) },
            sourceLocation: sourceLocation)
        for photo in expected.prefix(5) {
            let month = UTCMonth(milliseconds: photo.takenAt)
            let above = expected.filter {
                UTCMonth(milliseconds: $0.takenAt) == month && ($0.takenAt, $0.id) > (photo.takenAt, photo.id)
            }
            #expect(
                try await catalog.monthOffset(of: PageCursor(takenAt: photo.takenAt, id: photo.id), filter: filter)
                    == above.count, sourceLocation: sourceLocation)
        }
        if let last = expected.last {
            let newer = try await catalog.page(
                before: PageCursor(takenAt: last.takenAt, id: last.id), limit: 3, filter: filter)
            #expect(
                newer.items.map(\.photo.id) == expected.dropLast().suffix(3).map(\.id), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func favouritesNarrowEveryReadAndAnnounceEachPhoto(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 90)
        let chosen = [photos[3], photos[4], photos[40], photos[89]]
        let before = try await catalog.latestChangeSeq()
        #expect(try await catalog.add(PhotoSelection(ids: chosen.map(\.id) + [PhotoID.make()]), to: .favorites) == 4)
        #expect(try await catalog.add(PhotoSelection(ids: [chosen[0].id]), to: .favorites) == 0, "already there")
        let events = try #require(try await catalog.changes(after: before))
        #expect(events.map(\.kind) == Array(repeating: .update, count: 4))
        #expect(Set(events.map(\.photoId)) == Set(chosen.map(\.id)))
        try await expectViews(catalog, PhotoFilter(set: .favorites), chosen)
        try await expectViews(
            catalog, PhotoFilter(tags: ["sea"], set: .favorites),
            chosen.filter { photo in
                photos.firstIndex(of: photo).map { (89 - $0) % 3 == 0 } ?? false
            })
        #expect(try await catalog.sets(of: chosen[0].id).favorite)
        #expect(try await !catalog.sets(of: photos[0].id).favorite)

        #expect(try await catalog.remove(PhotoSelection(ids: [chosen[1].id, photos[0].id]), from: .favorites) == 1)
        try await expectViews(catalog, PhotoFilter(set: .favorites), [chosen[0], chosen[2], chosen[3]])
        #expect(try await catalog.count() == 90, "the photos stay")
    }

    @Test(arguments: CatalogUnderTest.all)
    func anAlbumTakesRangesAndKeepsItsCountAndCover(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 120)
        let trip = try await album(catalog)
        let other = try await album(catalog, "Other")
        #expect(try await catalog.add(PhotoSelection(ids: [photos[0].id]), to: .album(PhotoID.make())) == nil)
        let cursor = { (photo: PhotoRecord) in PageCursor(takenAt: photo.takenAt, id: photo.id) }
        let range = PhotoRange(newest: cursor(photos[10]), oldest: cursor(photos[69]))
        let seaRange = PhotoRange(
            newest: cursor(photos[80]), oldest: cursor(photos[119]), filter: PhotoFilter(tags: ["Sea"]))
        let added = try await catalog.add(
            PhotoSelection(ids: [photos[2].id], ranges: [range, seaRange]), to: .album(trip))
        let sea = Array(photos[80...119]).filter { photo in (119 - photos.firstIndex(of: photo)!) % 3 == 0 }
        let expected = [photos[2]] + Array(photos[10...69]) + sea
        #expect(added == expected.count)
        try await expectViews(catalog, PhotoFilter(set: .album(trip)), expected)
        try await expectViews(catalog, PhotoFilter(set: .album(other)), [])
        #expect(try await catalog.album(id: trip)?.photoCount == expected.count)
        #expect(try await catalog.sets(of: photos[10].id).albums == [trip])
        let relevance = try await catalog.relevancePage(
            after: nil, limit: 500, filter: PhotoFilter(query: photos[11].id, set: .album(trip)))
        #expect(relevance.items.map(\.photo.id) == [photos[11].id], "text searches within the album")

        await #expect(throws: CatalogError.notInAlbum) {
            try await catalog.updateAlbum(id: trip, AlbumEdit(coverPhotoId: photos[0].id))
        }
        let edited = try #require(
            try await catalog.updateAlbum(
                id: trip, AlbumEdit(title: "Greece", description: "Summer", coverPhotoId: photos[10].id)))
        #expect(edited.title == "Greece" && edited.description == "Summer" && edited.coverPhotoId == photos[10].id)
        #expect(try await catalog.albums().first?.id == trip, "most recently changed first")

        #expect(try await catalog.remove(PhotoSelection(ranges: [range]), from: .album(trip)) == 60)
        #expect(try await catalog.album(id: trip)?.coverPhotoId == nil, "a cover that left the album is cleared")
        #expect(try await catalog.album(id: trip)?.photoCount == expected.count - 60)

        await #expect(throws: CatalogError.duplicate(existingID: trip)) {
            try await catalog.createAlbum(AlbumRecord(id: trip, title: "Again", createdAt: 2, updatedAt: 2))
        }
        let before = try await catalog.latestChangeSeq()
        #expect(try await catalog.deleteAlbum(id: trip))
        #expect(try await !catalog.deleteAlbum(id: trip))
        #expect(try await catalog.changes(after: before)?.map(\.kind) == [.album])
        #expect(try await catalog.count() == 120, "deleting an album leaves its photos")
        #expect(try await catalog.album(id: trip) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func albumCoversAreTheChosenPhotoElseTheFirstOfTheAlbumsPage(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 10)
        let (chosen, newest, empty) = (try await album(catalog), try await album(catalog), try await album(catalog))
        _ = try await catalog.add(PhotoSelection(ids: photos[3...6].map(\.id)), to: .album(chosen))
        _ = try await catalog.updateAlbum(id: chosen, AlbumEdit(coverPhotoId: photos[5].id))
        _ = try await catalog.add(PhotoSelection(ids: [photos[8].id, photos[7].id]), to: .album(newest))
        let first = { (album: String) in
            try await catalog.page(after: nil, limit: 1, filter: PhotoFilter(set: .album(album))).items.first?.photo.id
        }
        #expect(try await catalog.albumCovers() == [chosen: photos[5].id, newest: photos[7].id])
        #expect(try await first(newest) == photos[7].id, "the newest is the first of the album's page")
        // The newest gone to the trash: the next one; the chosen one gone: the album's first.
        _ = try await catalog.trash(id: photos[7].id)
        _ = try await catalog.trash(id: photos[5].id)
        let covers = try await catalog.albumCovers()
        let (firstOfNewest, firstOfChosen) = (try await first(newest), try await first(chosen))
        #expect(covers[newest] == photos[8].id && covers[newest] == firstOfNewest)
        #expect(covers[chosen] == firstOfChosen && covers[chosen] != nil)
        #expect(covers[empty] == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func deletingAPhotoOrAnAlbumLeavesNoMembershipBehind(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 4)
        let (trip, other) = (try await album(catalog), try await album(catalog, "Other"))
        _ = try await catalog.add(PhotoSelection(ids: photos[0...2].map(\.id)), to: .album(trip))
        _ = try await catalog.add(PhotoSelection(ids: [photos[0].id]), to: .album(other))

        _ = try await catalog.delete(id: photos[1].id)
        #expect(try await catalog.album(id: trip)?.photoCount == 2)
        try await expectViews(catalog, PhotoFilter(set: .album(trip)), [photos[0], photos[2]])
        _ = try await catalog.trash(id: photos[2].id)
        #expect(try await catalog.album(id: trip)?.photoCount == 1)
        #expect(try await catalog.deleteAlbum(id: trip))
        #expect(try await catalog.sets(of: photos[0].id).albums == [other], "the deleted album's members went")
        #expect(try await catalog.album(id: other)?.photoCount == 1)
        let empty = try await album(catalog, "Empty")
        let emptyPage = try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(set: .album(empty)))
        #expect(emptyPage.items.isEmpty && emptyPage.total == 0, "an empty page still has its count")
        #expect(try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(set: .album(other))).total == 1)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aRestoredPhotoReturnsToItsAlbumsAndFavourites(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 6)
        let (kept, gone) = (try await album(catalog), try await album(catalog, "Gone"))
        let photo = photos[2]
        _ = try await catalog.add(PhotoSelection(ids: [photo.id, photos[3].id]), to: .album(kept))
        _ = try await catalog.add(PhotoSelection(ids: [photo.id]), to: .album(gone))
        _ = try await catalog.add(PhotoSelection(ids: [photo.id]), to: .favorites)

        _ = try await catalog.trash(id: photo.id)
        #expect(try await catalog.album(id: kept)?.photoCount == 1)
        #expect(try await catalog.page(after: nil, limit: 10, filter: PhotoFilter(set: .favorites)).total == 0)
        #expect(try await catalog.deleteAlbum(id: gone))

        #expect(try await catalog.restore(id: photo.id) == .restored)
        let sets = try await catalog.sets(of: photo.id)
        #expect(sets.favorite && sets.albums == [kept], "back in the album that still exists")
        #expect(try await catalog.album(id: kept)?.photoCount == 2)
        try await expectViews(catalog, PhotoFilter(set: .favorites), [photo])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aBlobTwoPhotosShareIsFoundAmongALinksPhotosWhicheverOwnsItFirst(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let keys = VariantKind.madeAtImport.indices.map { Samples.key(100 + $0) }
        let owner = try await Samples.insert(catalog, takenAt: 1, keys: keys)
        let copy = try await Samples.insert(catalog, takenAt: 2, keys: keys)
        let trip = try await album(catalog)
        _ = try await catalog.add(PhotoSelection(ids: [copy.id]), to: .album(trip))
        let viaAlbum = LinkRecord(slug: "album-link-slug-76543210", albumId: trip, createdAt: 1)
        let viaPhotos = LinkRecord(slug: "own-link-slug-9876543210", createdAt: 2)
        try await catalog.createLink(viaAlbum, photos: nil)
        try await catalog.createLink(viaPhotos, photos: PhotoSelection(ids: [copy.id]))
        let ownersLink = LinkRecord(slug: "owner-link-slug-01234567", createdAt: 3)
        try await catalog.createLink(ownersLink, photos: PhotoSelection(ids: [owner.id]))
        for (index, kind) in VariantKind.madeAtImport.enumerated() {
            for link in [viaAlbum, viaPhotos] {
                let found = try await catalog.linkVariant(slug: link.slug, blobKey: keys[index])
                #expect(found?.photoId == copy.id && found?.kind == kind, "\(link.slug) \(kind)")
            }
            #expect(try await catalog.linkVariant(slug: ownersLink.slug, blobKey: keys[index])?.photoId == owner.id)
        }
        _ = try await catalog.remove(PhotoSelection(ids: [copy.id]), from: .album(trip))
        #expect(try await catalog.linkVariant(slug: viaAlbum.slug, blobKey: keys[0]) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aLinkSharesItsAlbumOrItsOwnPhotosAndNothingElse(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = try await library(catalog, count: 30)
        let trip = try await album(catalog)
        _ = try await catalog.add(PhotoSelection(ids: [photos[0].id, photos[1].id]), to: .album(trip))
        let cursor = { (photo: PhotoRecord) in PageCursor(takenAt: photo.takenAt, id: photo.id) }
        let own = LinkRecord(slug: "own-link-slug-0123456789", title: "Picks", createdAt: 5, passwordHash: "h")
        let range = PhotoRange(newest: cursor(photos[10]), oldest: cursor(photos[14]))
        try await catalog.createLink(own, photos: PhotoSelection(ids: [photos[20].id], ranges: [range]))
        let shared = LinkRecord(slug: "album-link-slug-01234567", albumId: trip, createdAt: 6)
        try await catalog.createLink(shared, photos: nil)
        await #expect(throws: CatalogError.duplicate(existingID: own.slug)) {
            try await catalog.createLink(own, photos: nil)
        }

        try await expectViews(catalog, PhotoFilter(set: own.set), Array(photos[10...14]) + [photos[20]])
        try await expectViews(catalog, PhotoFilter(set: shared.set), [photos[0], photos[1]])
        #expect(try await catalog.linkShares(slug: own.slug, photoId: photos[12].id))
        #expect(try await !catalog.linkShares(slug: own.slug, photoId: photos[0].id))
        #expect(try await catalog.linkShares(slug: shared.slug, photoId: photos[1].id))
        #expect(try await !catalog.linkShares(slug: shared.slug, photoId: photos[2].id))
        #expect(try await !catalog.linkShares(slug: "no-such-link-slug-000000", photoId: photos[0].id))
        let sharedThumb = try #require(Samples.variants(for: photos[1].id).first { $0.kind == .thumbJPEG })
        #expect(try await catalog.linkVariant(slug: shared.slug, blobKey: sharedThumb.blobKey) == sharedThumb)
        #expect(try await catalog.linkVariant(slug: own.slug, blobKey: sharedThumb.blobKey) == nil)
        #expect(try await catalog.linkVariant(slug: shared.slug, blobKey: Samples.key(404)) == nil)

        var edited = own
        edited.expiresAt = 99
        edited.passwordHash = nil
        edited.allowsDownload = false
        #expect(try await catalog.updateLink(edited))
        try await catalog.recordView(slug: own.slug, at: 1234)
        let stored = try #require(try await catalog.link(slug: own.slug))
        #expect(stored.expiresAt == 99 && stored.passwordHash == nil && !stored.allowsDownload)
        #expect(stored.views == 1 && stored.lastViewedAt == 1234 && stored.title == "Picks")
        #expect(try await catalog.links().map(\.slug) == [shared.slug, own.slug], "newest first")

        #expect(try await catalog.deleteAlbum(id: trip))
        #expect(try await catalog.link(slug: shared.slug) == nil, "an album's links go with it")
        #expect(try await catalog.deleteLink(slug: own.slug))
        #expect(try await !catalog.deleteLink(slug: own.slug))
        #expect(try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(set: own.set)).total == 0)
        #expect(try await catalog.count() == 30)
    }
}
