import Catalog
import Testing
import VitrineCore

/// The catalog's values and rules that no implementation may change: ids, object ids, tags, search words.
@Suite struct ValueTests {
    @Test func idsAreShortURLSafeAndDistinct() {
        let ids = (0..<10_000).map { _ in PhotoID.make() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(PhotoID.isValid))
        #expect(!PhotoID.isValid("abc/def?ghi="))
    }

    @Test func objectIDsAreTenAlphanumericsAndDistinct() {
        let ids = (0..<2000).map { _ in ObjectID.derive(from: PhotoID.make(), salt: 0) }
        #expect(ids.allSatisfy { ObjectID.isValid($0) })
        #expect(Set(ids).count == ids.count)
        #expect(ObjectID.derive(from: "x", salt: 0) != ObjectID.derive(from: "x", salt: 1))
        #expect(!ObjectID.isValid("abc") && !ObjectID.isValid("abcdefghi-"))
    }

    @Test func tagNamesAreNormalisedAndBounded() {
        #expect(PhotoTags.normalized(["  a  b ", "A B", "", "c"]) == ["a b", "c"])
        // Folder names and XMP keywords come from files: controls go, length and count are bounded.
        #expect(PhotoTags.normalized(["x\u{0}y", "line\nbreak", "\u{1b}"]) == ["x y", "line break"])
        #expect(PhotoTags.normalized([String(repeating: "é", count: 80)]).map(\.utf8.count) == [100])
        #expect(PhotoTags.normalized((0..<250).map { "t\($0)" }).count == PhotoTags.maximumTagsPerPhoto)
    }

    @Test func searchWordsAreBoundedInNumberAndLength() {
        let many = (0..<40).map { "w\($0)" }.joined(separator: " ")
        #expect(SearchTerms.words(in: many).count == SearchTerms.maximumWords)
        let long = String(repeating: "x", count: 500)
        #expect(SearchTerms.words(in: long) == [String(repeating: "x", count: SearchTerms.maximumWordScalars)])
        #expect(SearchTerms.words(in: "café-au_lait") == ["café", "au", "lait"])
        #expect(SearchTerms.words(in: "\u{301}\u{301} \"\"") == [])
        for query in ["\u{D4E}\"", "a\u{301}\"", "\u{D4E}(NEAR"] {
            #expect(SearchTerms.words(in: query).allSatisfy { !$0.unicodeScalars.contains("\"") })
        }
        #expect(PhotoFilter(query: "  \"\" ").isEmpty && !PhotoFilter(tags: ["x"]).isEmpty)
    }

    @Test func cursorsRoundTripAndRejectForgeries() {
        let cursor = PageCursor(takenAt: -12_345, id: PhotoID.make())
        #expect(PageCursor(encoded: cursor.encoded) == cursor)
        for forged in [
            "", "!!!", "bm90LWEtY3Vyc29y", Base64URL.encode(Array("12.short".utf8)), String(repeating: "A", count: 200),
        ] {
            #expect(PageCursor(encoded: forged) == nil, "\(forged)")
        }
        #expect(RelevanceCursor(encoded: RelevanceCursor(offset: 40).encoded) == RelevanceCursor(offset: 40))
        #expect(RelevanceCursor(encoded: PageCursor(takenAt: 1, id: PhotoID.make()).encoded) == nil)
    }
}
