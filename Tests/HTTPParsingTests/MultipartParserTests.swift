import Testing

@testable import HTTPParsing

/// The streaming multipart parser: the same events however the body is cut, linear work, bounded parts.
@Suite struct MultipartParserTests {
    typealias Event = MultipartParser.Event

    /// Feeds `body` in chunks of `chunk` bytes; the events with each part's data joined into one `.data`.
    static func parse(
        _ body: [UInt8], boundary: String = "b0undary", chunk: Int = .max,
        limits: MultipartParser.Limits = .init()
    ) throws -> (events: [Event], parser: MultipartParser) {
        var parser = MultipartParser(boundary: boundary, limits: limits)
        var events: [Event] = []
        var data: [UInt8] = []
        var index = 0
        while index < body.count {
            let end = index + min(chunk, body.count - index)
            try parser.feed(body[index..<end]) { event in
                guard case .data(let bytes) = event else {
                    if !data.isEmpty { events.append(.data(data)) }
                    data = []
                    events.append(event)
                    return
                }
                #expect(!bytes.isEmpty, "no empty data events")
                data.append(contentsOf: bytes)
            }
            index = end
        }
        try parser.finish()
        return (events, parser)
    }

    static func part(_ name: String, _ value: [UInt8], boundary: String = "b0undary") -> [UInt8] {
        Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + value
            + Array("\r\n".utf8)
    }

    static func close(_ boundary: String = "b0undary") -> [UInt8] { Array("--\(boundary)--\r\n".utf8) }

    @Test func theEventsDoNotDependOnHowTheBodyIsCut() throws {
        // Near-misses of the delimiter inside the data must stay data.
        let tricky = Array("a\r\n--b0undar\r\n\r\n--b0undarX\r\r\n--b0\r\n-".utf8)
        let body =
            Array("preamble\r\n".utf8) + Self.part("title", Array("Beach".utf8)) + Self.part("file", tricky)
            + Self.part("empty", []) + Self.close() + Array("epilogue".utf8)
        let expected: [Event] = [
            .partStart(name: "title", filename: nil, contentType: nil), .data(Array("Beach".utf8)), .partEnd,
            .partStart(name: "file", filename: nil, contentType: nil), .data(tricky), .partEnd,
            .partStart(name: "empty", filename: nil, contentType: nil), .partEnd,
        ]
        for chunk in [1, 2, 3, 7, 13, 64, .max] {
            #expect(try Self.parse(body, chunk: chunk).events == expected, "chunks of \(chunk)")
        }
    }

    @Test func anEmptyHeaderBlockIsAPartWithoutName() throws {
        let body = Array("--b0undary\r\n\r\nbare\r\n--b0undary--".utf8)
        #expect(
            try Self.parse(body, chunk: 1).events == [
                .partStart(name: nil, filename: nil, contentType: nil), .data(Array("bare".utf8)), .partEnd,
            ])
    }

    /// A boundary that repeats itself is the worst case for a naive search; the work stays linear.
    @Test func aSelfSimilarBoundaryStillMatchesAndStaysLinear() throws {
        let boundary = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        let noise = Array(repeating: Array("\r\n--".utf8) + Array(boundary.utf8.dropLast()), count: 2000).joined()
        let body = Self.part("file", Array(noise), boundary: boundary) + Self.close(boundary)
        let (events, parser) = try Self.parse(body, boundary: boundary, chunk: 1)
        #expect(events == [.partStart(name: "file", filename: nil, contentType: nil), .data(Array(noise)), .partEnd])
        #expect(parser.bytesExamined <= 4 * body.count, "\(parser.bytesExamined) for \(body.count) bytes")
    }

    /// 1 MB fed one byte at a time: each byte is examined a bounded number of times.
    @Test func aBodyTrickledByteByByteCostsLinearWork() throws {
        var file = [UInt8](repeating: 0, count: 1 << 20)
        for index in file.indices { file[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        let body = Self.part("file", file) + Self.close()
        let (events, parser) = try Self.parse(body, chunk: 1)
        #expect(events.count == 3 && events[1] == .data(file))
        #expect(parser.bytesExamined <= 4 * body.count, "\(parser.bytesExamined) for \(body.count) bytes")
    }

    @Test func manyTinyPartsCostLinearWork() throws {
        let count = 20_000
        let body = Array((0..<count).map { Self.part("tag", Array("t\($0 % 10)".utf8)) }.joined()) + Self.close()
        for chunk in [1, 5, 4096] {
            let (events, parser) = try Self.parse(body, chunk: chunk, limits: .init(maximumParts: count))
            #expect(events.count == 3 * count && parser.partCount == count)
            #expect(parser.bytesExamined <= 4 * body.count, "chunks of \(chunk): \(parser.bytesExamined)")
        }
    }

    @Test func partHeadersAreBounded() throws {
        let limit = MultipartParser.Limits.defaultMaximumHeaderBytes
        #expect(limit == 8 * 1024)
        func body(headerBytes: Int) -> [UInt8] {
            let line = "Content-Disposition: form-data; name=\"a\""
            let header = line + "\r\nX-Pad: " + String(repeating: "p", count: headerBytes - line.utf8.count - 9)
            #expect(header.utf8.count == headerBytes)
            return Array("--b0undary\r\n\(header)\r\n\r\nvalue\r\n--b0undary--".utf8)
        }
        #expect(try Self.parse(body(headerBytes: limit), chunk: 100).events.count == 3)
        // Refused as soon as the headers pass the limit, whether or not their end ever arrives.
        #expect(throws: MultipartParser.ParseError.headersTooLong(limit: limit)) {
            try Self.parse(body(headerBytes: limit + 1), chunk: 100)
        }
        let endless = Array("--b0undary\r\n".utf8) + [UInt8](repeating: 65, count: 1 << 20)
        var parser = MultipartParser(boundary: "b0undary")
        #expect(throws: MultipartParser.ParseError.headersTooLong(limit: limit)) {
            try parser.feed(endless) { _ in }
        }
    }

    @Test func partsAreCounted() throws {
        let limit = MultipartParser.Limits.defaultMaximumParts
        let parts = { (count: Int) in Array((0..<count).map { Self.part("f\($0)", []) }.joined()) + Self.close() }
        #expect(try Self.parse(parts(limit)).parser.partCount == limit)
        #expect(throws: MultipartParser.ParseError.tooManyParts(limit: limit)) { try Self.parse(parts(limit + 1)) }
    }

    @Test func malformedBodiesAreRefused() {
        for text in ["--b0undary\r\nno blank line", "--b0undaryXY", "--b0undary\r\n\r\nunterminated", "no delimiter"] {
            #expect(throws: MultipartParser.ParseError.self, "\(text)") { try Self.parse(Array(text.utf8), chunk: 3) }
        }
    }
}
