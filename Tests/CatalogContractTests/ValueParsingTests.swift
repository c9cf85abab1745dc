import Catalog
import Testing
import VitrineCore

/// Cursors come back from clients: anything this server did not write is refused, and nothing traps.
@Suite struct CursorParsingTests {
    static func encoded(_ text: String) -> String { Base64URL.encode(Array(text.utf8)) }

    @Test func pageCursorsRoundTripAtTheEndsOfTheirRange() {
        let id = PhotoID.make()
        for takenAt in [Int64.min, -1, 0, 1, Int64.max] {
            let cursor = PageCursor(takenAt: takenAt, id: id)
            #expect(PageCursor(encoded: cursor.encoded) == cursor)
        }
    }

    @Test func pageCursorsWithNumbersThisServerNeverWritesAreRefused() {
        let id = "AAAAAAAAAAAA"
        #expect(PageCursor(encoded: Self.encoded("5.\(id)")) == PageCursor(takenAt: 5, id: id))
        for takenAt in ["+5", " 5", "5 ", "--5", "-", "", "9223372036854775808", "-9223372036854775809", "0x10", "5e3"]
        {
            #expect(PageCursor(encoded: Self.encoded("\(takenAt).\(id)")) == nil, "\(takenAt)")
        }
        #expect(PageCursor(encoded: Self.encoded("5.\(id)x")) == nil)
        #expect(PageCursor(encoded: String(repeating: "A", count: 65)) == nil)
        #expect(PageCursor(encoded: "A") == nil, "a length no base64 has")
        #expect(PageCursor(encoded: "AA==") == nil)
    }

    @Test func relevanceCursorsAreADecimalOffsetWithinTheLimit() {
        let deepest = RelevanceCursor(offset: RelevanceCursor.maximumOffset)
        #expect(RelevanceCursor(encoded: deepest.encoded) == deepest)
        #expect(RelevanceCursor(encoded: Self.encoded("r0")) == RelevanceCursor(offset: 0))
        for text in [
            "r+5", "r-0", "r-5", "r", "r 5", "r1000001", "r9999999", "r99999999", "r9223372036854775807", "x5", "R5",
        ] {
            #expect(RelevanceCursor(encoded: Self.encoded(text)) == nil, "\(text)")
        }
    }
}
