import Catalog
import TestSupport
import Testing

/// Tag-filtered pages and every page's total, against a model of the catalog kept by the test, while photos
/// are inserted (one by one and in bulk), retagged and deleted: the order is (takenAt, id) descending, no
/// page skips or repeats, and the totals follow each write.
@Suite struct TagPagingContractTests {
    let folder = TemporaryDirectory("contract-tag-paging")

    @Test(arguments: CatalogUnderTest.all)
    func tagPagesAndTotalsFollowInsertsRetagsAndDeletes(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let names = ["Sea", "Sun", "snow"]
        var generator = SeededGenerator(seed: 10)
        var model: [String: (takenAt: Int64, id: String, tags: Set<String>)] = [:]
        func pick() -> [String] { names.filter { _ in generator.next() % 2 == 0 } }
        func check(_ filter: [String]) async throws {
            let wanted = Set(filter.map { $0.lowercased() })
            let expected = model.values.filter { photo in wanted.isSubset(of: photo.tags.map { $0.lowercased() }) }
                .sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }.map(\.id)
            var seen: [String] = []
            var cursor: PageCursor?
            repeat {
                let page = try await catalog.page(after: cursor, limit: 3, filter: PhotoFilter(tags: filter))
                #expect(page.total == expected.count, "\(filter)")
                seen += page.items.map(\.photo.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count <= expected.count
            #expect(seen == expected, "\(filter)")
        }
        for round in 0..<6 {
            for _ in 0..<6 {
                let tags = pick()
                let photo = try await Samples.insert(catalog, tags: tags, takenAt: Int64(generator.next() % 5))
                model[photo.id] = (photo.takenAt, photo.id, Set(tags))
            }
            let bulk = (0..<4).map { _ in
                (photo: Samples.record(takenAt: Int64(generator.next() % 5)), tags: pick())
            }
            try await catalog.insertMany(bulk.map { ($0.photo, Samples.variants(for: $0.photo.id), $0.tags) })
            for row in bulk { model[row.photo.id] = (row.photo.takenAt, row.photo.id, Set(row.tags)) }
            let ids = model.keys.sorted()
            let retagged = ids[Int(generator.next() % UInt64(ids.count))]
            let tags = pick()
            _ = try await catalog.update(id: retagged, CatalogEdit(tags: tags))
            model[retagged]?.tags = Set(tags)
            if round % 2 == 1 {
                let deleted = ids[Int(generator.next() % UInt64(ids.count))]
                _ = try await catalog.delete(id: deleted)
                model[deleted] = nil
            }
            for filter in [
                [], ["Sea"], ["SUN"], ["sea", "Snow"], ["Sun", "snow", "sea"], ["nowhere"], ["Sea", "nowhere"],
            ] {
                try await check(filter)
            }
        }
        #expect(try await catalog.count() == model.count)
        var uses: [String: Int] = [:]
        for photo in model.values { for tag in photo.tags { uses[tag, default: 0] += 1 } }
        let expected = uses.map { TagCount(name: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.name.lowercased()) > ($1.count, $0.name.lowercased()) }
        #expect(try await catalog.tagCounts() == expected, "the tag list follows the same writes")
    }
}
