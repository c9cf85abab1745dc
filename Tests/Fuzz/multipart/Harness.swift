import HTTPParsing

/// Fuzzes the streaming multipart parser.
///
/// Input: one byte that seeds the chunk sizes, a `Content-Type` value up to the first `\n`, then the body.
/// The body is parsed twice, in one feed and in chunks of 1 to 64 bytes; both must give the same events
/// (data joined per part) and the same error, no part's data may contain the delimiter, and the parser's
/// work must stay linear in the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard let seed = input.first else { return 0 }
    let rest = input.dropFirst()
    let newline = rest.firstIndex(of: 10) ?? rest.startIndex
    let contentType = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
    let body = Array(rest[(newline == rest.startIndex ? newline : newline + 1)...])
    let boundary = MultipartParser.boundary(fromContentType: contentType) ?? "b"
    let limits = MultipartParser.Limits(maximumHeaderBytes: 256, maximumParts: 8)

    let whole = Outcome.parse(body, boundary: boundary, limits: limits) { _ in body.count }
    var state = UInt32(seed) | 0x100
    let chunked = Outcome.parse(body, boundary: boundary, limits: limits) { _ in
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Int(state % 64) + 1
    }
    precondition(whole.events == chunked.events, "the events depend on how the body is cut")
    precondition(whole.error == chunked.error, "the error depends on how the body is cut")

    let needle = [13, 10, 45, 45] + Array(boundary.utf8)
    for case .data(let bytes) in whole.events {
        precondition(!contains(bytes, needle), "a part's data holds the delimiter")
    }
    let starts = whole.events.filter { if case .partStart = $0 { true } else { false } }.count
    precondition(starts <= limits.maximumParts, "more parts than the limit")
    return 0
}

struct Outcome {
    var events: [MultipartParser.Event] = []
    var error: MultipartParser.ParseError?

    static func parse(
        _ body: [UInt8], boundary: String, limits: MultipartParser.Limits, nextChunk: (Int) -> Int
    ) -> Outcome {
        var outcome = Outcome()
        var parser = MultipartParser(boundary: boundary, limits: limits)
        var pending: [UInt8] = []
        var open = false
        func take(_ event: MultipartParser.Event) {
            switch event {
            case .data(let bytes):
                precondition(open && !bytes.isEmpty, "data outside a part, or empty")
                pending += bytes
                return
            case .partStart:
                precondition(!open, "a part started inside another")
                open = true
            case .partEnd:
                precondition(open, "a part ended that never started")
                open = false
            }
            if !pending.isEmpty { outcome.events.append(.data(pending)) }
            pending = []
            outcome.events.append(event)
        }
        var index = 0
        var fed = 0
        do {
            while index < body.count {
                let end = index + min(max(1, nextChunk(index)), body.count - index)
                fed = end
                try parser.feed(body[index..<end], emit: take)
                index = end
            }
            try parser.finish()
        } catch let error as MultipartParser.ParseError {
            outcome.error = error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        if !pending.isEmpty { outcome.events.append(.data(pending)) }
        // Comparisons by the matchers are at most twice the bytes, compaction moves at most once more.
        precondition(parser.bytesExamined <= 4 * (fed + 2), "work is not linear: \(parser.bytesExamined)")
        return outcome
    }
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return true
    }
    return false
}
