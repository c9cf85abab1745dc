import Foundation
import TestSupport
import Testing

@testable import Catalog

@Suite struct SearchAndTagTests {
    let folder = TemporaryDirectory("search")

    func catalogWithPhotos() throws -> (PhotoCatalog, [String: String]) {
        let catalog = try PhotoCatalog(path: folder.file("catalog.sqlite"))
        var ids: [String: String] = [:]
        let photos: [(String, String?, [String], String?)] = [
            ("cafe.jpg", "Café au lait in Lyon", ["France", "Food"], "FUJIFILM"),
            ("harbour.jpg", "Harbour at dawn", ["France", "Sea"], "Canon"),
            ("noodles.jpg", nil, ["Japan", "Food"], "Canon"),
            ("temple.jpg", "Kinkaku-ji", ["Japan"], nil),
        ]
        for (index, (name, title, tags, make)) in photos.enumerated() {
            var photo = PhotoCatalogTests.record(takenAt: Int64(index))
            photo.originalName = name
            photo.title = title
            photo.cameraMake = make
            try catalog.insert(photo, variants: PhotoCatalogTests.variants(for: photo.id), tags: tags)
            ids[name] = photo.id
        }
        return (catalog, ids)
    }

    func names(_ catalog: PhotoCatalog, _ filter: PhotoFilter) throws -> Set<String> {
        Set(try catalog.page(after: nil, limit: 50, filter: filter).items.map(\.photo.originalName))
    }

    @Test func foldsDiacriticsAndMatchesPrefixes() throws {
        let (catalog, _) = try catalogWithPhotos()
        #expect(try names(catalog, PhotoFilter(query: "cafe")) == ["cafe.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "CAFÉ")) == ["cafe.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "harb")) == ["harbour.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "kinkaku")) == ["temple.jpg"])
    }

    @Test func searchesTitleFileNameTagsAndCamera() throws {
        let (catalog, _) = try catalogWithPhotos()
        #expect(try names(catalog, PhotoFilter(query: "noodles")) == ["noodles.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "food")) == ["cafe.jpg", "noodles.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "canon")) == ["harbour.jpg", "noodles.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "canon japan")) == ["noodles.jpg"], "words combine with AND")
    }

    @Test func tagsCombineWithAND() throws {
        let (catalog, _) = try catalogWithPhotos()
        #expect(try names(catalog, PhotoFilter(tags: ["France"])) == ["cafe.jpg", "harbour.jpg"])
        #expect(try names(catalog, PhotoFilter(tags: ["france", "FOOD"])) == ["cafe.jpg"])
        #expect(try names(catalog, PhotoFilter(query: "dawn", tags: ["Japan"])) == [])
        let page = try catalog.page(after: nil, limit: 1, filter: PhotoFilter(tags: ["Food"]))
        #expect(page.total == 2 && page.items.count == 1 && page.nextCursor != nil)
        let rest = try catalog.page(after: page.nextCursor, limit: 1, filter: PhotoFilter(tags: ["Food"]))
        #expect(rest.items.count == 1 && rest.nextCursor == nil)
    }

    @Test(arguments: ["\"", "AND", "a OR b", "NEAR(x y)", "*", "title:x", "-", "'); DROP TABLE photo; --"])
    func searchSyntaxInUserInputIsInert(_ query: String) throws {
        let (catalog, _) = try catalogWithPhotos()
        let page = try catalog.page(after: nil, limit: 10, filter: PhotoFilter(query: query))
        #expect(page.total >= 0)
        #expect(try catalog.count() == 4)
    }

    /// A Prepend letter glued to a quote or an operator is one grapheme whose first scalar is a letter; the
    /// words are split by scalar, so the quote never reaches FTS5 (this answered 500 before).
    @Test(arguments: [
        "\u{D4E}\"", "\u{D4E}\"x", "\u{600}\"", "\u{D4E}*", "\u{D4E}:", "a\u{301}\"", "\u{301}\"", "\u{D4E}(NEAR",
    ])
    func quotesGluedToLettersAreInert(_ query: String) throws {
        let (catalog, _) = try catalogWithPhotos()
        _ = try catalog.page(after: nil, limit: 10, filter: PhotoFilter(query: query))
        _ = try catalog.relevancePage(after: nil, limit: 10, filter: PhotoFilter(query: query))
        for word in SearchTerms.words(in: query) {
            #expect(!word.unicodeScalars.contains("\""), "\(word.unicodeScalars.map(\.value))")
        }
    }

    /// Random text from every plane, seeded: no query may make a search throw.
    @Test func randomScalarsNeverBreakTheQuery() throws {
        let (catalog, _) = try catalogWithPhotos()
        var generator = SeededGenerator(seed: 0x5eed)
        let alphabet: [Unicode.Scalar] = [
            "\"", "*", ":", "(", ")", "-", "^", " ", "\u{D4E}", "\u{301}", "\u{600}", "a",
        ]
        for _ in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                if Bool.random(using: &generator) {
                    text.append(alphabet.randomElement(using: &generator)!)
                } else if let scalar = Unicode.Scalar(UInt32.random(in: 1...0x10FFFF, using: &generator)) {
                    text.append(scalar)
                }
            }
            let query = String(text)
            #expect(throws: Never.self, "\(query.unicodeScalars.map(\.value))") {
                _ = try catalog.page(after: nil, limit: 5, filter: PhotoFilter(query: query))
                _ = try catalog.relevancePage(after: nil, limit: 5, filter: PhotoFilter(query: query))
            }
        }
    }

    @Test func wordsAreBoundedInNumberAndLength() {
        let many = (0..<40).map { "w\($0)" }.joined(separator: " ")
        #expect(SearchTerms.words(in: many).count == SearchTerms.maximumWords)
        let long = String(repeating: "x", count: 500)
        #expect(SearchTerms.words(in: long) == [String(repeating: "x", count: SearchTerms.maximumWordScalars)])
        #expect(SearchTerms.words(in: "café-au_lait") == ["café", "au", "lait"])
        #expect(SearchTerms.words(in: "\u{301}\u{301} \"\"") == [])
    }

    @Test func noMatchIsAnEmptyPage() throws {
        let (catalog, _) = try catalogWithPhotos()
        let page = try catalog.page(after: nil, limit: 10, filter: PhotoFilter(query: "zebra"))
        #expect(page.items.isEmpty && page.total == 0 && page.nextCursor == nil)
    }

    @Test func countsTagsAndNormalisesNames() throws {
        let (catalog, ids) = try catalogWithPhotos()
        #expect(
            try catalog.tagCounts() == [
                TagCount(name: "Food", count: 2), TagCount(name: "France", count: 2),
                TagCount(name: "Japan", count: 2), TagCount(name: "Sea", count: 1),
            ])
        #expect(try catalog.tags(of: ids["cafe.jpg"]!) == ["Food", "France"])
        #expect(PhotoCatalog.normalizedTags(["  a  b ", "A B", "", "c"]) == ["a b", "c"])
        // Folder names and XMP keywords come from files: controls go, length and count are bounded.
        #expect(PhotoCatalog.normalizedTags(["x\u{0}y", "line\nbreak", "\u{1b}"]) == ["x y", "line break"])
        let long = PhotoCatalog.normalizedTags([String(repeating: "é", count: 80)])
        #expect(long.map(\.utf8.count) == [100])
        #expect(PhotoCatalog.normalizedTags((0..<250).map { "t\($0)" }).count == PhotoCatalog.maximumTagsPerPhoto)
    }
}
