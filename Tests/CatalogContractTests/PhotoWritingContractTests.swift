import Blobs
import Catalog
import TestSupport
import Testing

/// `PhotoWriting`: edits, deletions, variants and sizes made after import, bulk inserts, counters.
@Suite struct PhotoWritingContractTests {
    let folder = TemporaryDirectory("contract-writing")

    func names(_ catalog: any PhotoReading, _ query: String) async throws -> [String] {
        try await catalog.relevancePage(after: nil, limit: 50, filter: PhotoFilter(query: query)).items.map(
            \.photo.originalName)
    }

    @Test(arguments: CatalogUnderTest.all)
    func anEditReplacesTitleAndTagsAndWhatSearchFinds(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog, name: "a.jpg", title: "Old title", tags: ["Paris", "Food"])
        let edited = try #require(
            try await catalog.update(id: photo.id, CatalogEdit(title: "Crème brûlée", tags: ["Dessert"])))
        #expect(edited.photo.title == "Crème brûlée")
        #expect(edited.variants.count == VariantKind.madeAtImport.count)
        #expect(try await catalog.tags(of: photo.id) == ["Dessert"])
        #expect(try await names(catalog, "creme") == ["a.jpg"], "search follows the edit, diacritics folded")
        #expect(try await names(catalog, "old") == [])
        #expect(try await names(catalog, "paris") == [])
        #expect(try await catalog.tagCounts() == [TagCount(name: "Dessert", count: 1)], "unused tags disappear")

        let cleared = try #require(try await catalog.update(id: photo.id, CatalogEdit(title: .some("  "))))
        #expect(cleared.photo.title == nil)
        #expect(try await catalog.tags(of: photo.id) == ["Dessert"], "tags untouched when not given")
        #expect(try await catalog.update(id: PhotoID.make(), CatalogEdit(title: "x")) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func deletingReturnsTheBlobKeysAndFollowsTagCounts(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let a = try await Samples.insert(catalog, tags: ["Sea", "Sun"], keys: (0..<5).map(Samples.key))
        let b = try await Samples.insert(catalog, tags: ["Sea"], keys: (5..<10).map(Samples.key))
        #expect(
            try await catalog.tagCounts() == [TagCount(name: "Sea", count: 2), TagCount(name: "Sun", count: 1)])
        _ = try await catalog.update(id: b.id, CatalogEdit(tags: ["Sun", "Snow"]))
        #expect(
            try await catalog.tagCounts() == [
                TagCount(name: "Sun", count: 2), TagCount(name: "Sea", count: 1), TagCount(name: "Snow", count: 1),
            ])
        #expect(
            try await catalog.tagCounts(limit: 2) == [
                TagCount(name: "Sun", count: 2), TagCount(name: "Sea", count: 1),
            ],
            "the most used first, then by name, as many as asked")
        let size = SizedVariantRecord(
            photoId: a.id, edge: 150, blobKey: Samples.key(50), mimeType: "image/jpeg", width: 150, height: 100,
            byteSize: 9)
        _ = try await catalog.insertSizedVariant(size, leaseOwner: "sized")
        let keys = try #require(try await catalog.delete(id: a.id))
        #expect(Set(keys) == Set((0..<5).map(Samples.key) + [Samples.key(50)]), "sized variants' keys too")
        #expect(try await catalog.tagCounts() == [TagCount(name: "Snow", count: 1), TagCount(name: "Sun", count: 1)])
        #expect(try await catalog.delete(id: a.id) == nil)
        #expect(try await catalog.count() == 1)
        #expect(try await catalog.sizedVariant(photoId: a.id, edge: 150) == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func aDeletedPhotosWordsDoNotFindItsSuccessor(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = try await Samples.insert(catalog, name: "zebra.jpg", title: "Zebra")
        _ = try await catalog.delete(id: first.id)
        try await Samples.insert(catalog, name: "lion.jpg", title: "Lion")
        #expect(try await names(catalog, "zebra") == [])
        #expect(try await names(catalog, "lion") == ["lion.jpg"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aVariantMadeLaterIsAddedOnceAndAnnounced(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = Samples.record(takenAt: 7)
        try await catalog.insert(photo, variants: Samples.variants(for: photo.id).filter { $0.kind != .smallThumb })
        let before = try await catalog.latestChangeSeq()
        let small = VariantRecord(
            photoId: photo.id, kind: .smallThumb, blobKey: Samples.key(1), mimeType: "image/jpeg", width: 272,
            height: 204, byteSize: 5)
        try await catalog.lease([Samples.key(1)], owner: "backfill-1")
        #expect(try await catalog.addVariant(small, leaseOwner: "backfill-1"))
        #expect(try await catalog.leases().isEmpty, "recording the variant drops its lease")
        #expect(try await catalog.changes(after: before)?.map(\.kind) == [.update])
        #expect(try await !catalog.addVariant(small, leaseOwner: "backfill-2"), "a second one of a kind is refused")
        var orphan = small
        orphan.photoId = PhotoID.make()
        try await catalog.lease([Samples.key(1)], owner: "backfill-3")
        #expect(try await !catalog.addVariant(orphan, leaseOwner: "backfill-3"), "no photo, no row")
        #expect(try await catalog.leases().isEmpty, "and no lease left either")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aVariantNoClientSeesIsAddedWithoutAnAnnouncement(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog)
        let before = try await catalog.latestChangeSeq()
        let avif = VariantRecord(
            photoId: photo.id, kind: .thumbAVIF, blobKey: Samples.key(2), mimeType: "image/avif", width: 4,
            height: 3, byteSize: 3)
        try await catalog.lease([Samples.key(2)], owner: "avif-1")
        #expect(try await catalog.addVariant(avif, leaseOwner: "avif-1", announces: false))
        #expect(try await catalog.photo(id: photo.id)?.variants[.thumbAVIF] == avif)
        #expect(try await catalog.leases().isEmpty)
        // A filtered view queries its timeline again on any change: a variant it cannot see must not cause one.
        #expect(try await catalog.latestChangeSeq() == before)
        #expect(try await catalog.changes(after: before)?.isEmpty == true)
    }

    @Test(arguments: CatalogUnderTest.all)
    func theFirstSizeStoredWinsARace(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog)
        func size(_ n: Int) -> SizedVariantRecord {
            SizedVariantRecord(
                photoId: photo.id, edge: 640, blobKey: Samples.key(n), mimeType: "image/jpeg", width: 640,
                height: 480, byteSize: Int64(n))
        }
        try await catalog.lease([Samples.key(1)], owner: "sized-1")
        #expect(try await catalog.insertSizedVariant(size(1), leaseOwner: "sized-1") == size(1))
        #expect(try await catalog.insertSizedVariant(size(2), leaseOwner: "sized-2") == size(1))
        #expect(try await catalog.sizedVariant(photoId: photo.id, edge: 640) == size(1))
        #expect(try await catalog.sizedVariant(photoId: photo.id, edge: 150) == nil)
        #expect(try await catalog.leases().isEmpty)
        var gone = size(3)
        gone.photoId = PhotoID.make()
        #expect(try await catalog.insertSizedVariant(gone, leaseOwner: "sized-3") == nil)
        #expect(try await catalog.referencedBlobKeys().contains(Samples.key(1)))
    }

    @Test(arguments: CatalogUnderTest.all)
    func insertManyStoresEveryPhotoWithItsTags(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let rows = (0..<25).map { n -> (photo: PhotoRecord, variants: [VariantRecord], tags: [String]) in
            let photo = Samples.record(takenAt: Int64(n))
            return (photo, Samples.variants(for: photo.id), ["bulk"])
        }
        try await catalog.insertMany(rows)
        #expect(try await catalog.count() == 25)
        #expect(try await catalog.tagCounts() == [TagCount(name: "bulk", count: 25)])
        let page = try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(tags: ["bulk"]))
        #expect(page.total == 25)
        #expect(try await catalog.compatSearch(CompatSearch()).total == 25, "compat identities assigned")
    }
}
