import Catalog
import TestSupport
import Testing
import VitrineAPI
import VitrineCore

/// `monthOffset(of:filter:)` and the `position` of `page(around:)`: where a photo sits in its UTC month among a
/// filter's matches, newest first, as a model counts it, for the first, a middle and the last photo of a month,
/// a photo alone in its month, photos the filter leaves out, and the ends of `Int64`.
@Suite struct MonthOffsetContractTests {
    let folder = TemporaryDirectory("contract-month-offsets")

    struct Entry {
        var photo: PhotoRecord
        var tags: [String]
        var cursor: PageCursor { PageCursor(takenAt: photo.takenAt, id: photo.id) }
        var month: UTCMonth { UTCMonth(milliseconds: photo.takenAt) }
        func above(_ other: Entry) -> Bool { (photo.takenAt, photo.id) > (other.photo.takenAt, other.photo.id) }
    }

    static let filters = [
        PhotoFilter(), PhotoFilter(tags: ["sea"]), PhotoFilter(tags: ["SEA", "sun"]), PhotoFilter(query: "harbour"),
        PhotoFilter(query: "harbour", tags: ["sea"]), PhotoFilter(tags: ["nosuchtag"]),
    ]

    static func start(_ year: Int, _ month: Int) -> Int64 {
        UTCMonth(year: year, month: month)?.startMilliseconds ?? 0
    }

    /// October 2025 with 16 photos (shared instants, ids break the ties; its last millisecond too), November
    /// with 5 (its first millisecond too), December with one photo alone, tagged and named so every filter but
    /// the missing tag keeps it.
    func fill(_ catalog: any PhotoCatalog) async throws -> [Entry] {
        var entries: [Entry] = []
        func add(_ takenAt: Int64, _ n: Int, tags: [String]) async throws {
            let photo = try await Samples.insert(
                catalog, name: n % 3 == 0 ? "harbour\(n).jpg" : "street\(n).jpg", tags: tags, takenAt: takenAt)
            entries.append(Entry(photo: photo, tags: tags))
        }
        let october = Self.start(2025, 10)
        for n in 0..<15 {
            try await add(
                october + Int64(n % 5) * 86_400_000 + Int64(n % 2), n, tags: [["sea"], ["sun"], ["sea", "Sun"]][n % 3])
        }
        try await add(Self.start(2025, 11) - 1, 15, tags: ["sea", "sun"])
        for n in 16..<21 {
            try await add(Self.start(2025, 11) + Int64(n - 16) * 3_600_000, n, tags: n % 2 == 0 ? ["sea"] : [])
        }
        try await add(Self.start(2025, 12) + 86_400_000, 21, tags: ["Sea", "sun"])
        return entries
    }

    func matches(_ entry: Entry, _ filter: PhotoFilter) -> Bool {
        let lowered = Set(entry.tags.map { $0.lowercased() })
        guard filter.tags.allSatisfy({ lowered.contains($0.lowercased()) }) else { return false }
        return filter.query.map { entry.photo.originalName.hasPrefix($0) } ?? true
    }

    /// The model: matches of `filter` in `entry`'s month that sort above it.
    func offset(of entry: Entry, among entries: [Entry], _ filter: PhotoFilter) -> Int {
        entries.filter { $0.month == entry.month && matches($0, filter) && $0.above(entry) }.count
    }

    @Test(arguments: CatalogUnderTest.all)
    func theOffsetIsThePhotosIndexInItsMonthAmongTheMatches(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        for filter in Self.filters {
            let byMonth = Dictionary(grouping: entries.filter { matches($0, filter) }, by: \.month)
            for (month, inMonth) in byMonth {
                let newestFirst = inMonth.sorted { $0.above($1) }
                // The first, a middle and the last match of the month sit at their index in it.
                for index in Set([0, newestFirst.count / 2, newestFirst.count - 1]) {
                    let offset = try await catalog.monthOffset(of: newestFirst[index].cursor, filter: filter)
                    #expect(offset == index, "\(filter) \(month) #\(index) of \(newestFirst.count)")
                }
            }
            // Every photo, matched or not, as the model counts it.
            for entry in entries {
                let offset = try await catalog.monthOffset(of: entry.cursor, filter: filter)
                #expect(
                    offset == self.offset(of: entry, among: entries, filter), "\(filter) \(entry.photo.originalName)")
            }
        }
        let alone = try #require(entries.last)
        #expect(entries.filter { $0.month == alone.month }.count == 1, "December holds one photo")
        for filter in Self.filters.dropLast() {
            #expect(try await catalog.monthOffset(of: alone.cursor, filter: filter) == 0, "\(filter)")
        }
        // A month's last millisecond belongs to it: October's photo there is its newest.
        let octoberLast = try #require(entries.first { $0.photo.takenAt == Self.start(2025, 11) - 1 })
        #expect(try await catalog.monthOffset(of: octoberLast.cursor, filter: PhotoFilter()) == 0)
        let october = entries.filter { $0.month == octoberLast.month }
        let octoberFirst = try #require(october.min { $1.above($0) })
        #expect(
            try await catalog.monthOffset(of: octoberFirst.cursor, filter: PhotoFilter()) == october.count - 1,
            "the month's oldest photo has every other one of its month above it")
    }

    @Test(arguments: CatalogUnderTest.all)
    func aPageAroundAPhotoSaysWhereItSitsAndOnlyThatPageDoes(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let entries = try await fill(catalog)
        for filter in Self.filters {
            for entry in entries {
                let page = try #require(try await catalog.page(around: entry.photo.id, limit: 3, filter: filter))
                let expected = MonthPosition(month: entry.month, offset: offset(of: entry, among: entries, filter))
                #expect(page.position == expected, "\(filter) \(entry.photo.originalName)")
                guard matches(entry, filter), let top = entry.month.next.startMilliseconds else { continue }
                // `month` and `offset` lead back to the photo.
                let atOffset = try await catalog.page(
                    after: PageCursor(takenAt: top, id: ""), offset: expected.offset, limit: 1, filter: filter)
                #expect(atOffset.items.map(\.photo.id) == [entry.photo.id], "\(filter) \(entry.photo.originalName)")
                #expect(atOffset.position == nil)
            }
            let top = try await catalog.page(after: nil, limit: 3, filter: filter)
            #expect(top.position == nil)
            if let cursor = top.nextCursor {
                #expect(try await catalog.page(after: cursor, limit: 3, filter: filter).position == nil)
                #expect(try await catalog.page(before: cursor, limit: 3, filter: filter).position == nil)
            }
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func monthsAtTheEndsOfInt64CountTheirPhotos(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        // The newest month there is has no next month within Int64: its range has no upper end.
        let newest = try await Samples.insert(catalog, takenAt: .max)
        let belowNewest = try await Samples.insert(catalog, takenAt: .max - 1)
        let oldest = try await Samples.insert(catalog, takenAt: .min)
        let aboveOldest = try await Samples.insert(catalog, takenAt: .min + 1)
        #expect(UTCMonth(milliseconds: .max).next.startMilliseconds == nil)
        func offset(_ photo: PhotoRecord) async throws -> Int {
            try await catalog.monthOffset(of: PageCursor(takenAt: photo.takenAt, id: photo.id), filter: PhotoFilter())
        }
        #expect(try await offset(newest) == 0)
        #expect(try await offset(belowNewest) == 1)
        #expect(try await offset(aboveOldest) == 0)
        #expect(try await offset(oldest) == 1)
    }
}
