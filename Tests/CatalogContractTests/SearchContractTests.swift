import Catalog
import TestSupport
import Testing

/// `PhotoReading` searches: full text with folded diacritics and prefixes, tags combined with AND,
/// relevance order, and user input that is never syntax.
@Suite struct SearchContractTests {
    let folder = TemporaryDirectory("contract-search")

    func catalogWithPhotos(_ kind: CatalogUnderTest) async throws -> (any PhotoCatalog, [String: String]) {
        let catalog = try await kind.open(in: folder)
        var ids: [String: String] = [:]
        let photos: [(String, String?, [String], String?)] = [
            ("cafe.jpg", "Café au lait in Lyon", ["France", "Food"], "FUJIFILM"),
            ("harbour.jpg", "Harbour at dawn", ["France", "Sea"], "Canon"),
            ("noodles.jpg", nil, ["Japan", "Food"], "Canon"),
            ("temple.jpg", "Kinkaku-ji", ["Japan"], nil),
        ]
        for (index, (name, title, tags, make)) in photos.enumerated() {
            var photo = Samples.record(takenAt: Int64(index))
            photo.originalName = name
            photo.title = title
            photo.camera.make = make
            try await catalog.insert(photo, variants: Samples.variants(for: photo.id), tags: tags)
            ids[name] = photo.id
        }
        return (catalog, ids)
    }

    func names(_ catalog: any PhotoReading, _ filter: PhotoFilter) async throws -> Set<String> {
        Set(try await catalog.page(after: nil, limit: 50, filter: filter).items.map(\.photo.originalName))
    }

    @Test(arguments: CatalogUnderTest.all)
    func foldsDiacriticsAndMatchesPrefixes(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        #expect(try await names(catalog, PhotoFilter(query: "cafe")) == ["cafe.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "CAFÉ")) == ["cafe.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "harb")) == ["harbour.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "kinkaku")) == ["temple.jpg"])
    }

    @Test(arguments: CatalogUnderTest.all)
    func searchesTitleFileNameTagsAndCamera(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        #expect(try await names(catalog, PhotoFilter(query: "noodles")) == ["noodles.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "food")) == ["cafe.jpg", "noodles.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "canon")) == ["harbour.jpg", "noodles.jpg"])
        #expect(
            try await names(catalog, PhotoFilter(query: "canon japan")) == ["noodles.jpg"], "words combine with AND")
    }

    @Test(arguments: CatalogUnderTest.all)
    func tagsCombineWithAND(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        #expect(try await names(catalog, PhotoFilter(tags: ["France"])) == ["cafe.jpg", "harbour.jpg"])
        #expect(try await names(catalog, PhotoFilter(tags: ["france", "FOOD"])) == ["cafe.jpg"])
        #expect(try await names(catalog, PhotoFilter(query: "dawn", tags: ["Japan"])) == [])
        let page = try await catalog.page(after: nil, limit: 1, filter: PhotoFilter(tags: ["Food"]))
        #expect(page.total == 2 && page.items.count == 1 && page.nextCursor != nil)
        let rest = try await catalog.page(after: page.nextCursor, limit: 1, filter: PhotoFilter(tags: ["Food"]))
        #expect(rest.items.count == 1 && rest.nextCursor == nil)
    }

    static let syntax = [
        "\"", "AND", "a OR b", "NEAR(x y)", "*", "title:x", "-", "'); DROP TABLE photo; --",
        // A Prepend letter glued to a quote or an operator is one grapheme whose first scalar is a letter.
        "\u{D4E}\"", "\u{D4E}\"x", "\u{600}\"", "\u{D4E}*", "\u{D4E}:", "a\u{301}\"", "\u{301}\"", "\u{D4E}(NEAR",
    ]

    @Test(arguments: CatalogUnderTest.all)
    func searchSyntaxInUserInputIsInert(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        for query in Self.syntax {
            let page = try await catalog.page(after: nil, limit: 10, filter: PhotoFilter(query: query))
            #expect(page.total >= 0)
            _ = try await catalog.relevancePage(after: nil, limit: 10, filter: PhotoFilter(query: query))
        }
        #expect(try await catalog.count() == 4)
    }

    /// Random text from every plane, seeded: no query may make a search throw.
    @Test(arguments: CatalogUnderTest.all)
    func randomScalarsNeverBreakTheQuery(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        var generator = SeededGenerator(seed: 0x5eed)
        let alphabet: [Unicode.Scalar] = [
            "\"", "*", ":", "(", ")", "-", "^", " ", "\u{D4E}", "\u{301}", "\u{600}", "a",
        ]
        for _ in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                if Bool.random(using: &generator), let scalar = alphabet.randomElement(using: &generator) {
                    text.append(scalar)
                } else if let scalar = Unicode.Scalar(UInt32.random(in: 1...0x10FFFF, using: &generator)) {
                    text.append(scalar)
                }
            }
            let query = String(text)
            await #expect(throws: Never.self, "\(query.unicodeScalars.map(\.value))") {
                _ = try await catalog.page(after: nil, limit: 5, filter: PhotoFilter(query: query))
                _ = try await catalog.relevancePage(after: nil, limit: 5, filter: PhotoFilter(query: query))
            }
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func noMatchIsAnEmptyPage(_ kind: CatalogUnderTest) async throws {
        let (catalog, _) = try await catalogWithPhotos(kind)
        let page = try await catalog.page(after: nil, limit: 10, filter: PhotoFilter(query: "zebra"))
        #expect(page.items.isEmpty && page.total == 0 && page.nextCursor == nil)
    }

    @Test(arguments: CatalogUnderTest.all)
    func countsTagsMostUsedFirstThenByName(_ kind: CatalogUnderTest) async throws {
        let (catalog, ids) = try await catalogWithPhotos(kind)
        #expect(
            try await catalog.tagCounts() == [
                TagCount(name: "Food", count: 2), TagCount(name: "France", count: 2),
                TagCount(name: "Japan", count: 2), TagCount(name: "Sea", count: 1),
            ])
        #expect(try await catalog.tags(of: try #require(ids["cafe.jpg"])) == ["Food", "France"])
        let photo = try await Samples.insert(catalog, tags: ["  b  c ", "B C", "", "a", "x\u{0}y"])
        #expect(try await catalog.tags(of: photo.id) == ["a", "b c", "x y"], "tags are normalised on the way in")
    }

    @Test(arguments: CatalogUnderTest.all)
    func relevanceRanksTitleMatchesFirstAndPagesByOffset(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await Samples.insert(catalog, name: "sunset-1.jpg", title: "Boats", takenAt: 3)
        try await Samples.insert(catalog, name: "x.jpg", title: "Sunset sunset over the sea", takenAt: 1)
        try await Samples.insert(catalog, name: "y.jpg", title: "Sunset", tags: ["sunset"], takenAt: 2)
        try await Samples.insert(catalog, name: "z.jpg", title: "Harbour", takenAt: 4)
        let ranked = try await catalog.relevancePage(after: nil, limit: 50, filter: PhotoFilter(query: "sunset"))
            .items.map(\.photo.originalName)
        #expect(ranked.count == 3)
        #expect(ranked.last == "sunset-1.jpg", "a file-name match ranks below title matches: \(ranked)")
        #expect(ranked.first == "y.jpg", "title and tag both match: \(ranked)")

        var seen: [String] = []
        var cursor: RelevanceCursor?
        repeat {
            let page = try await catalog.relevancePage(after: cursor, limit: 2, filter: PhotoFilter(query: "sunset"))
            #expect(page.total == 3)
            seen += page.items.map(\.photo.originalName)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == ranked)
        let newest = try await catalog.relevancePage(after: nil, limit: 50, filter: PhotoFilter())
        #expect(
            newest.items.map(\.photo.originalName) == ["z.jpg", "sunset-1.jpg", "y.jpg", "x.jpg"],
            "no word: newest first")
    }
}
