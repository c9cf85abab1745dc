import Catalog
import TestSupport
import Testing

/// `CompatReading`: Pixabay searches and Parse queries over the compat identities every photo gets.
@Suite struct CompatReadingContractTests {
    let folder = TemporaryDirectory("contract-compat")

    /// Three photos: wide and colourful, tall and grey, square; imported in that order.
    func catalogWithPhotos(_ kind: CatalogUnderTest) async throws -> (any PhotoCatalog, [PhotoRecord]) {
        let catalog = try await kind.open(in: folder)
        var photos: [PhotoRecord] = []
        for (n, (width, height, colorfulness, title)) in [
            (800, 600, 0.5, "Red boat"), (600, 800, 0.01, "Grey tower"), (700, 700, 0.3, "Blue boat"),
        ].enumerated() {
            var photo = Samples.record(takenAt: Int64(n))
            photo.width = width
            photo.height = height
            photo.colorfulness = colorfulness
            photo.title = title
            photo.importedAt = Int64(n) * 1000
            photo.originalName = "p\(n).jpg"
            try await catalog.insert(photo, variants: Samples.variants(for: photo.id))
            photos.append(photo)
        }
        return (catalog, photos)
    }

    @Test(arguments: CatalogUnderTest.all)
    func numbersAreNeverReusedAndCountersStartAtZero(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = Samples.record(takenAt: 1)
        try await catalog.insert(first, variants: [])
        let firstNumber = try #require(try await catalog.compatSearch(CompatSearch()).items.first?.number)
        _ = try await catalog.delete(id: first.id)
        let second = Samples.record(takenAt: 2)
        try await catalog.insert(second, variants: [])
        let item = try #require(try await catalog.compatSearch(CompatSearch()).items.first)
        #expect(item.number > firstNumber)
        #expect(item.views == 0 && item.downloads == 0)
        #expect(ObjectID.isValid(item.objectId))
        #expect(try await catalog.increment(.views, photoId: second.id))
        #expect(try await !catalog.increment(.views, photoId: first.id))
        #expect(try await catalog.increment(.downloads, photoId: second.id))
        #expect(try await catalog.counters(photoId: second.id)?.views == 1)
        #expect(try await catalog.counters(photoId: second.id)?.downloads == 1)
        #expect(try await catalog.counters(photoId: first.id) == nil)
        #expect(try await catalog.compatPhoto(objectId: item.objectId)?.photo.id == second.id)
        #expect(try await catalog.compatPhoto(objectId: "0000000000") == nil)
        #expect(try await catalog.photo(id: second.id)?.photo.updatedAt == second.updatedAt, "counting is no edit")
    }

    @Test(arguments: CatalogUnderTest.all)
    func pixabaySearchesFilterOrderAndPage(_ kind: CatalogUnderTest) async throws {
        let (catalog, photos) = try await catalogWithPhotos(kind)
        func ids(_ change: (inout CompatSearch) -> Void) async throws -> [String] {
            var search = CompatSearch()
            change(&search)
            return try await catalog.compatSearch(search).items.map(\.photo.id)
        }
        #expect(try await ids { $0.order = .latest } == photos.reversed().map(\.id))
        #expect(
            try await ids { $0.filter = PhotoFilter(query: "boat") }.sorted() == [photos[0].id, photos[2].id].sorted())
        #expect(try await ids { $0.orientation = .horizontal } == [photos[0].id])
        #expect(try await ids { $0.orientation = .vertical } == [photos[1].id])
        #expect(try await ids { $0.grayscaleOnly = true } == [photos[1].id])
        #expect(try await Set(ids { $0.minWidth = 700 }) == [photos[0].id, photos[2].id])
        #expect(try await ids { $0.minHeight = 800 } == [photos[1].id])
        try await catalog.increment(.views, photoId: photos[0].id)
        #expect(try await ids { $0.order = .popular }.first == photos[0].id, "most viewed first")
        let number = try #require(try await catalog.compatSearch(CompatSearch()).items.last?.number)
        let one = try await catalog.compatSearch(
            {
                var s = CompatSearch(); s.number = number; return s
            }())
        #expect(one.total == 1 && one.items.first?.number == number)
        let page = try await catalog.compatSearch(
            {
                var s = CompatSearch(); s.order = .latest; s.offset = 1; s.limit = 1; return s
            }())
        #expect(page.total == 3 && page.items.map(\.photo.id) == [photos[1].id])
    }

    @Test(arguments: CatalogUnderTest.all)
    func parseQueriesCompareOrderSkipAndCount(_ kind: CatalogUnderTest) async throws {
        let (catalog, photos) = try await catalogWithPhotos(kind)
        var query = ResourceQuery()
        query.conditions = [.compare(.width, .greaterOrEqual, .number(700))]
        query.order = [ResourceSort(field: .width, descending: true)]
        let wide = try await catalog.resources(query, counting: true)
        #expect(wide.items.map(\.photo.id) == [photos[0].id, photos[2].id] && wide.total == 2)
        #expect(try await catalog.resources(query, counting: false).total == nil)
        query.skip = 1
        #expect(try await catalog.resources(query, counting: true).items.map(\.photo.id) == [photos[2].id])

        var named = ResourceQuery()
        named.conditions = [.contained(.filename, [.text("p1.jpg"), .text("p2.jpg")], negated: true)]
        #expect(try await catalog.resources(named, counting: false).items.map(\.photo.id) == [photos[0].id])
        named.conditions = [.contained(.filename, [], negated: false)]
        #expect(try await catalog.resources(named, counting: true).total == 0)
        named.conditions = [.compare(.createdAt, .less, .date(1000)), .exists(.fileURLString, true)]
        #expect(try await catalog.resources(named, counting: false).items.map(\.photo.id) == [photos[0].id])
        named.conditions = [.compare(.fileURLString, .equal, .text("x"))]
        #expect(try await catalog.resources(named, counting: true).total == 0, "URLs are not stored fields")
        let injected = ResourceQuery.with(.compare(.filename, .equal, .text("'); DELETE FROM photo; --")))
        #expect(try await catalog.resources(injected, counting: true).total == 0)
        #expect(try await catalog.count() == 3)
    }
}

extension ResourceQuery {
    static func with(_ condition: ResourceCondition) -> ResourceQuery {
        var query = ResourceQuery()
        query.conditions = [condition]
        return query
    }
}
