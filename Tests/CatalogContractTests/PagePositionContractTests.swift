import Catalog
import TestSupport
import Testing
import VitrineAPI
import VitrineCore

/// Pages from any position: before an instant, around a photo, newer than a cursor (`page(before:)`), and at
/// an offset inside a month. Walking from any of them both ways gives the whole order once, as a model says.
@Suite struct PagePositionContractTests {
    let folder = TemporaryDirectory("contract-positions")

    struct Entry {
        var photo: PhotoRecord
        var tags: [String]
        var cursor: PageCursor { PageCursor(takenAt: photo.takenAt, id: photo.id) }
        func above(_ position: PageCursor) -> Bool { (photo.takenAt, photo.id) > (position.takenAt, position.id) }
    }

    static let filters = [
        PhotoFilter(), PhotoFilter(tags: ["sea"]), PhotoFilter(tags: ["sea", "SUN"]), PhotoFilter(query: "harbour"),
    ]

    /// Photos over a few months with shared timestamps (ids break the ties), a third tagged `sea`, some `sun`,
    /// some named `harbour…`.
    func fill(_ catalog: any PhotoCatalog) async throws -> [Entry] {
        let october = try #require(UTCMonth(year: 2025, month: 10)?.startMilliseconds)
        var entries: [Entry] = []
        for n in 0..<41 {
            let takenAt = october + Int64(n % 13) * 4 * 86_400_000 + Int64(n % 3)
            let tags = [["sea"], ["sun"], ["sea", "sun"]][n % 3]
            let photo = try await Samples.insert(
                catalog, name: n % 4 == 0 ? "harbour\(n).jpg" : "street\(n).jpg", tags: n % 5 == 4 ? [] : tags,
                takenAt: takenAt)
            entries.append(Entry(photo: photo, tags: n % 5 == 4 ? [] : tags))
        }
        return entries
    }

    /// The matches of `filter`, newest first.
    func model(_ entries: [Entry], _ filter: PhotoFilter) -> [Entry] {
        entries.filter { entry in
            let lowered = Set(entry.tags.map { $0.lowercased() })
            guard filter.tags.allSatisfy({ lowered.contains($0.lowercased()) }) else { return false }
            return filter.query.map { entry.photo.originalName.hasPrefix($0) } ?? true
        }.sorted { ($0.photo.takenAt, $0.photo.id) > ($1.photo.takenAt, $1.photo.id) }
    }

    /// Every id from `page` to the top (following `previousCursor`) and to the bottom (`nextCursor`), in order.
    func walkBothWays(
        _ catalog: any PhotoCatalog, from page: CatalogPage, limit: Int, filter: PhotoFilter
    ) async throws -> [String] {
        var ids = page.items.map(\.photo.id)
        var up = page.previousCursor
        while let cursor = up {
            let newer = try await catalog.page(before: cursor, limit: limit, filter: filter)
            #expect(!newer.items.isEmpty, "a previous cursor leads to photos")
            #expect(newer.nextCursor != nil, "a page above another has a way back down")
            ids = newer.items.map(\.photo.id) + ids
            up = newer.previousCursor
        }
        var down = page.nextCursor
        while let cursor = down {
            let older = try await catalog.page(after: cursor, limit: limit, filter: filter)
            #expect(!older.items.isEmpty, "a next cursor leads to photos")
            #expect(older.previousCursor != nil, "a page below another has a way back up")
            ids += older.items.map(\.photo.id)
            down = older.nextCursor
        }
        return ids
    }

    @Test(arguments: CatalogUnderTest.all)
    func walkingUpFromTheBottomMirrorsWalkingDown(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        for filter in Self.filters {
            let expected = model(entries, filter).map(\.photo.id)
            let bottom = try await catalog.page(before: PageCursor(takenAt: .min, id: ""), limit: 4, filter: filter)
            #expect(bottom.nextCursor == nil, "nothing lies below the bottom")
            #expect(bottom.items.map(\.photo.id) == Array(expected.suffix(4)), "\(filter)")
            #expect(bottom.total == expected.count)
            #expect(try await walkBothWays(catalog, from: bottom, limit: 4, filter: filter) == expected, "\(filter)")
            let top = try await catalog.page(after: nil, limit: 4, filter: filter)
            #expect(top.previousCursor == nil, "nothing lies above the top")
            #expect(try await walkBothWays(catalog, from: top, limit: 3, filter: filter) == expected, "\(filter)")
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func aPageBeforeAnInstantStartsThereAndWalksBothWays(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        let instants = Set(entries.map(\.photo.takenAt)).sorted()
        for filter in Self.filters {
            let expected = model(entries, filter)
            for instant in [instants[0], instants[3], instants[3] + 1, instants.last! + 1, .min, .max] {
                let page = try await catalog.page(after: PageCursor(takenAt: instant, id: ""), limit: 5, filter: filter)
                let strictlyBefore = expected.filter { $0.photo.takenAt < instant }
                #expect(page.items.map(\.photo.id) == strictlyBefore.prefix(5).map(\.photo.id), "\(filter) \(instant)")
                #expect((page.previousCursor != nil) == (strictlyBefore.count < expected.count && !page.items.isEmpty))
                #expect((page.nextCursor != nil) == (strictlyBefore.count > 5))
                if !page.items.isEmpty {
                    #expect(
                        try await walkBothWays(catalog, from: page, limit: 5, filter: filter)
                            == expected.map(\.photo.id))
                }
            }
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func aPageAroundAPhotoCentresOnItAndWalksBothWays(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        #expect(try await catalog.page(around: "nosuchphoto0", limit: 5, filter: PhotoFilter()) == nil)
        for filter in Self.filters {
            let expected = model(entries, filter)
            for (index, entry) in entries.enumerated() where index % 4 == 0 || index == entries.count - 1 {
                for limit in [1, 2, 5] {
                    let page = try #require(
                        try await catalog.page(around: entry.photo.id, limit: limit, filter: filter))
                    // The photo and the matches above it, then up to (limit - 1) / 2 below.
                    let atOrAbove = expected.filter { !entry.above($0.cursor) }.count
                    let kept = min((limit - 1) / 2, expected.count - atOrAbove)
                    let from = max(0, atOrAbove - (limit - kept))
                    let window = expected[from..<(atOrAbove + kept)].map(\.photo.id)
                    #expect(page.items.map(\.photo.id) == window, "\(filter) around #\(index) limit \(limit)")
                    #expect((page.previousCursor != nil) == (from > 0))
                    #expect((page.nextCursor != nil) == (atOrAbove + kept < expected.count))
                    if !page.items.isEmpty {
                        #expect(
                            try await walkBothWays(catalog, from: page, limit: 4, filter: filter)
                                == expected.map(\.photo.id))
                    }
                }
            }
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func anOffsetInsideAMonthIsThatManyPhotosBelowItsTop(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        for filter in Self.filters {
            let expected = model(entries, filter)
            for month in try await catalog.monthCounts(filter: filter) {
                let top = try #require(month.month.next.startMilliseconds)
                let inMonth = expected.filter { UTCMonth(milliseconds: $0.photo.takenAt) == month.month }
                #expect(inMonth.count == month.count)
                let above = expected.count - expected.filter { $0.photo.takenAt < top }.count
                for offset in Set([0, 1, month.count / 2, month.count - 1]) {
                    let page = try await catalog.page(
                        after: PageCursor(takenAt: top, id: ""), offset: offset, limit: 3, filter: filter)
                    let window = expected.dropFirst(above + offset).prefix(3).map(\.photo.id)
                    #expect(page.items.map(\.photo.id) == window, "\(filter) \(month) offset \(offset)")
                    #expect(page.items.first?.photo.id == inMonth[offset].photo.id)
                    #expect((page.previousCursor != nil) == (above + offset > 0))
                    #expect(
                        try await walkBothWays(catalog, from: page, limit: 6, filter: filter)
                            == expected.map(\.photo.id))
                }
            }
        }
    }
}
