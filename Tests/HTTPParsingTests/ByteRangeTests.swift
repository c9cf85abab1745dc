import Testing

@testable import HTTPParsing

/// `Range` headers are the client's: positions at `Int64`'s limit resolve without a trap, a position past it
/// makes the header ignored, and only plain decimal positions count.
@Suite struct ByteRangeTests {
    @Test func positionsAtAndBeyondInt64() {
        let max = "9223372036854775807"
        let beyond = "9223372036854775808"
        #expect(ByteRange(header: "bytes=0-\(max)", size: 10) == .partial(0...9))
        #expect(ByteRange(header: "bytes=\(max)-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=\(max)-\(max)", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-\(max)", size: 10) == .partial(0...9))
        #expect(ByteRange(header: "bytes=0-\(max)", size: Int64.max) == .partial(0...(Int64.max - 1)))
        #expect(ByteRange(header: "bytes=-1", size: Int64.max) == .partial((Int64.max - 1)...(Int64.max - 1)))
        #expect(ByteRange(header: "bytes=-\(max)", size: Int64.max) == .partial(0...(Int64.max - 1)))
        for header in ["bytes=0-\(beyond)", "bytes=\(beyond)-", "bytes=-\(beyond)", "bytes=-99999999999999999999"] {
            #expect(ByteRange(header: header, size: 10) == .whole, "\(header)")
        }
    }

    @Test func onlyPlainDecimalPositionsCount() {
        for header in ["bytes=+1-2", "bytes=1-+2", "bytes=--1", "bytes=-+1", "bytes=1--2", "bytes=0x1-2", "bytes=1e2-"]
        {
            #expect(ByteRange(header: header, size: 10) == .whole, "\(header)")
        }
        #expect(ByteRange(header: "BYTES= 2 - 4 ", size: 10) == .partial(2...4))
        #expect(ByteRange(header: "bytes=5-2", size: 10) == .whole, "end before start")
        #expect(ByteRange(header: "bytes=٣-٤", size: 10) == .whole, "only ASCII digits")
    }

    @Test func emptyAndImpossibleSizes() {
        #expect(ByteRange(header: "bytes=0-0", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-1", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", size: -1) == .whole)
        #expect(ByteRange(header: "bytes=0-", size: Int64.min) == .whole)
    }
}
