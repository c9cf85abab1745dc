import Blobs
import Catalog
import TestSupport
import Testing

/// `PhotoReading`: keyset paging, lookups by id, hash, key and kind, and what a second connection sees.
@Suite struct PhotoReadingContractTests {
    let folder = TemporaryDirectory("contract-reading")

    @Test(arguments: CatalogUnderTest.all)
    func pagesNewestFirstThenByIdDescending(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var photos: [PhotoRecord] = []
        for n in 0..<30 { photos.append(try await Samples.insert(catalog, takenAt: Int64(n % 7))) }
        var seen: [PhotoRecord] = []
        var cursor: PageCursor?
        repeat {
            let page = try await catalog.page(after: cursor, limit: 4)
            #expect(page.total == 30)
            #expect(page.items.count <= 4)
            #expect(page.items.allSatisfy { $0.variants.count == VariantKind.madeAtImport.count })
            seen += page.items.map(\.photo)
            cursor = page.nextCursor
        } while cursor != nil
        let expected = photos.sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }
        #expect(seen.map(\.id) == expected.map(\.id))
        #expect(try await kind.open(in: folder).count() == 30, "a second connection sees every photo")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aDetailIsThePhotoItsVariantsAndItsTagsInNameOrder(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let tagged = try await Samples.insert(catalog, tags: ["sea", "Beach", "ZOO", "apple"])
        let bare = try await Samples.insert(catalog)
        let detail = try #require(try await catalog.detail(id: tagged.id))
        #expect(detail.item == (try await catalog.photo(id: tagged.id)))
        #expect(detail.tags == ["apple", "Beach", "sea", "ZOO"])
        #expect(detail.tags == (try await catalog.tags(of: tagged.id)))
        let plain = try #require(try await catalog.detail(id: bare.id))
        #expect(plain.tags.isEmpty && plain.item.variants.count == VariantKind.madeAtImport.count)
        #expect(try await catalog.detail(id: "nosuchphoto0") == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func theTagsOfManyPhotosAreEachPhotosOwnInNameOrder(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = try await Samples.insert(catalog, tags: ["sea", "Beach", "ZOO", "apple"])
        let second = try await Samples.insert(catalog, tags: ["night", "city"])
        let bare = try await Samples.insert(catalog)
        let tags = try await catalog.tags(of: [first.id, bare.id, second.id, "nosuchphoto0"])
        #expect(tags == [first.id: ["apple", "Beach", "sea", "ZOO"], second.id: ["city", "night"]])
        for id in [first.id, second.id] { #expect(tags[id] == (try await catalog.tags(of: id))) }
        #expect(try await catalog.tags(of: [String]()).isEmpty)
    }

    @Test(arguments: CatalogUnderTest.all)
    func pagingWhilePhotosArriveNeitherSkipsNorRepeats(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var original: [PhotoRecord] = []
        for n in 0..<50 { original.append(try await Samples.insert(catalog, takenAt: Int64(n * 10))) }
        var seen: [String] = []
        var cursor: PageCursor?
        var arrivedOlder: [PhotoRecord] = []
        var pageNumber = 0
        repeat {
            let page = try await catalog.page(after: cursor, limit: 7)
            seen += page.items.map(\.photo.id)
            cursor = page.nextCursor
            pageNumber += 1
            if let cursor, pageNumber <= 3 {
                // Newer photos land above the reader, older ones below; equal timestamps too.
                try await Samples.insert(catalog, takenAt: 10_000 + Int64(pageNumber))
                arrivedOlder.append(try await Samples.insert(catalog, takenAt: cursor.takenAt - 5))
                arrivedOlder.append(try await Samples.insert(catalog, takenAt: cursor.takenAt))
            }
        } while cursor != nil
        #expect(Set(seen).count == seen.count, "an item was repeated")
        #expect(Set(original.map(\.id)).isSubset(of: Set(seen)), "an item was skipped")
        // Older arrivals lie ahead of the cursor, except same-timestamp ones whose id sorts above it.
        let olderStrictlyBelow = arrivedOlder.filter { $0.takenAt % 10 != 0 }
        #expect(Set(olderStrictlyBelow.map(\.id)).isSubset(of: Set(seen)))
    }

    @Test(arguments: CatalogUnderTest.all)
    func aSecondPhotoWithTheSameBytesIsADuplicate(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = Samples.record(takenAt: 1, hash: "same")
        try await catalog.insert(first, variants: Samples.variants(for: first.id))
        let second = Samples.record(takenAt: 2, hash: "same")
        await #expect(throws: CatalogError.duplicate(existingID: first.id)) {
            try await catalog.insert(second, variants: Samples.variants(for: second.id))
        }
        #expect(try await catalog.count() == 1)
        #expect(try await catalog.photo(contentHash: "same")?.id == first.id)
        #expect(try await catalog.photo(contentHash: "other") == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aFailedInsertLeavesNoRows(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = Samples.record(takenAt: 1)
        var variants = Samples.variants(for: photo.id)
        variants.append(variants[0])  // the same kind twice: the whole insert must be undone
        await #expect(throws: (any Error).self) { try await catalog.insert(photo, variants: variants) }
        #expect(try await catalog.count() == 0)
        #expect(try await catalog.photo(id: photo.id) == nil)
        #expect(try await catalog.latestChangeSeq() == 0, "nor announced")
    }

    @Test(arguments: CatalogUnderTest.all)
    func findsVariantsByKeyAndKindAndPhotosByIds(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let a = try await Samples.insert(catalog, takenAt: 1)
        let b = try await Samples.insert(catalog, takenAt: 2)
        let thumb = try #require(try await catalog.variant(photoId: a.id, kind: .thumbJPEG))
        #expect(thumb.photoId == a.id && thumb.kind == .thumbJPEG)
        #expect(try await catalog.variant(blobKey: thumb.blobKey) == thumb)
        #expect(try await catalog.variant(blobKey: Samples.key(404)) == nil)
        #expect(try await catalog.variant(photoId: PhotoID.make(), kind: .original) == nil)
        let found = try await catalog.photos(ids: [a.id, b.id, PhotoID.make()])
        #expect(Set(found.keys) == [a.id, b.id], "ids that do not exist are absent")
        #expect(found[b.id]?.variants.count == VariantKind.madeAtImport.count)
        #expect(try await catalog.photos(ids: []).isEmpty)
        #expect(try await catalog.photo(id: a.id)?.photo.contentHash == a.contentHash)
    }

    @Test(arguments: CatalogUnderTest.all)
    func findsPhotosMissingAKindNewestFirst(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var without: [PhotoRecord] = []
        for n in 0..<5 {
            let photo = Samples.record(takenAt: Int64(n))
            try await catalog.insert(photo, variants: Samples.variants(for: photo.id).filter { $0.kind != .smallThumb })
            without.append(photo)
        }
        try await Samples.insert(catalog, takenAt: 100)
        #expect(try await catalog.count(of: .smallThumb) == 1)
        #expect(try await catalog.count(of: .original) == 6)
        let first = try await catalog.photos(missing: .smallThumb, after: nil, limit: 3)
        #expect(first.map(\.photo.id) == without.reversed().prefix(3).map(\.id))
        let last = try #require(first.last)
        let rest = try await catalog.photos(
            missing: .smallThumb, after: PageCursor(takenAt: last.photo.takenAt, id: last.photo.id), limit: 10)
        #expect(rest.map(\.photo.id) == without.reversed().dropFirst(3).map(\.id))
    }
}
