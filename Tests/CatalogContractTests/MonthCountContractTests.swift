import Catalog
import TestSupport
import Testing
import VitrineAPI
import VitrineCore

/// `monthCounts(filter:)`: photos per UTC month, kept right as photos are inserted (one at a time and in bulk),
/// deleted and retagged, for the whole catalog, one tag, several tags and text.
@Suite struct MonthCountContractTests {
    let folder = TemporaryDirectory("contract-months")

    /// What the catalog holds, to compute the expected counts from.
    struct Model {
        var photos: [String: (takenAt: Int64, name: String, tags: [String])] = [:]

        /// Newest month first, only months with photos, for photos carrying every tag of `tags` (any case)
        /// and, with `word`, whose name starts with it.
        func counts(tags: [String] = [], word: String? = nil) -> [MonthCount] {
            var byMonth: [UTCMonth: Int] = [:]
            for photo in photos.values {
                let lowered = Set(photo.tags.map { $0.lowercased() })
                guard tags.allSatisfy({ lowered.contains($0.lowercased()) }) else { continue }
                if let word, !photo.name.hasPrefix(word) { continue }
                byMonth[UTCMonth(milliseconds: photo.takenAt), default: 0] += 1
            }
            return byMonth.sorted { $0.key > $1.key }.map { MonthCount(month: $0.key, count: $0.value) }
        }
    }

    static func start(_ year: Int, _ month: Int) -> Int64 {
        UTCMonth(year: year, month: month)?.startMilliseconds ?? 0
    }

    /// Instants on both sides of month boundaries, before and after 1970, and a leap day.
    static let instants: [Int64] = [
        start(2025, 11), start(2025, 11) + 1, start(2025, 12) - 1, start(2025, 12), start(2024, 2) + 28 * 86_400_000,
        start(2024, 3) - 1, 0, -1, start(1969, 12), start(1900, 1) - 1, start(2025, 11) + 86_400_000 * 3,
    ]

    func expectCounts(
        _ catalog: any PhotoCatalog, _ model: Model, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for tags in [[], ["sea"], ["SUN"], ["sea", "sun"], ["nosuchtag"]] {
            let counts = try await catalog.monthCounts(filter: PhotoFilter(tags: tags))
            #expect(counts == model.counts(tags: tags), "\(context), tags \(tags)", sourceLocation: sourceLocation)
        }
        for (query, tags) in [("harbour", [String]()), ("harbour", ["sea"]), ("nothingmatches", [])] {
            let counts = try await catalog.monthCounts(filter: PhotoFilter(query: query, tags: tags))
            #expect(
                counts == model.counts(tags: tags, word: query), "\(context), q \(query) tags \(tags)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func countsFollowInsertsBulkInsertsDeletesAndRetags(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var model = Model()
        #expect(try await catalog.monthCounts(filter: PhotoFilter()).isEmpty)
        var inserted: [String] = []
        for (index, takenAt) in Self.instants.enumerated() {
            let tags = [["sea"], ["sun", "Sea"], [], ["Sun"]][index % 4]
            let name = index % 3 == 0 ? "harbour\(index)" : "street\(index)"
            let photo = try await Samples.insert(catalog, name: name, tags: tags, takenAt: takenAt)
            model.photos[photo.id] = (takenAt, name, tags)
            inserted.append(photo.id)
        }
        try await expectCounts(catalog, model, "after inserts")

        var batch: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])] = []
        for index in 0..<40 {
            var photo = Samples.record(takenAt: Self.instants[index % Self.instants.count] + Int64(index))
            photo.originalName = index % 2 == 0 ? "harbour-bulk\(index)" : "bulk\(index)"
            let tags = index % 5 == 0 ? ["sea", "sun"] : ["sea"]
            batch.append((photo, Samples.variants(for: photo.id), tags))
            model.photos[photo.id] = (photo.takenAt, photo.originalName, tags)
        }
        try await catalog.insertMany(batch)
        try await expectCounts(catalog, model, "after insertMany")

        for id in inserted.prefix(4) + [batch[0].photo.id, batch[5].photo.id] {
            #expect(try await catalog.delete(id: id) != nil)
            model.photos[id] = nil
        }
        try await expectCounts(catalog, model, "after deletes")

        for id in [inserted[5], inserted[6], batch[1].photo.id, batch[10].photo.id] {
            let tags = ["sun"]
            _ = try await catalog.update(id: id, CatalogEdit(tags: tags))
            model.photos[id]?.tags = tags
        }
        _ = try await catalog.update(id: inserted[7], CatalogEdit(tags: []))
        model.photos[inserted[7]]?.tags = []
        try await expectCounts(catalog, model, "after retags")

        for id in Array(model.photos.keys) { _ = try await catalog.delete(id: id) }
        #expect(try await catalog.monthCounts(filter: PhotoFilter()).isEmpty)
        #expect(try await catalog.monthCounts(filter: PhotoFilter(tags: ["sea"])).isEmpty)
    }

    /// Any `takenAt` a row can hold has a month, the same in SQL as `UTCMonth(milliseconds:)` says.
    @Test(arguments: CatalogUnderTest.all)
    func everyInstantHasTheMonthUTCMonthGives(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let instants: [Int64] = [.max, .min, .max - 1, .min + 1, -62_135_596_800_001, 253_402_300_800_000]
        var model = Model()
        for takenAt in instants {
            let photo = try await Samples.insert(catalog, tags: ["sea"], takenAt: takenAt)
            model.photos[photo.id] = (takenAt, photo.originalName, ["sea"])
        }
        try await expectCounts(catalog, model, "extreme instants")
        #expect(model.counts().map(\.count).reduce(0, +) == instants.count)
    }
}
