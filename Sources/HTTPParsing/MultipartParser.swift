import Foundation

/// A streaming `multipart/form-data` parser: bytes go in as they arrive, parts come out as headers and
/// body slices, so a file part is written to disk without the whole request ever being in memory.
public struct MultipartParser {
    public enum ParseError: Error, Equatable {
        case malformed(String)
        /// One part's header block is longer than the limit, in bytes.
        case headersTooLong(limit: Int)
        /// The body has more parts than the limit.
        case tooManyParts(limit: Int)
    }

    /// What the parser saw; `data` slices of one part arrive in order between `partStart` and `partEnd`.
    public enum Event: Equatable {
        case partStart(name: String?, filename: String?, contentType: String?)
        case data([UInt8])
        case partEnd
    }

    /// Bounds on what one body may make the parser hold or do.
    public struct Limits: Equatable, Sendable {
        /// One part's header block (everything between its delimiter line and the blank line), in bytes.
        public var maximumHeaderBytes: Int
        /// Parts in one body: an upload needs one file and a few fields.
        public var maximumParts: Int

        public init(
            maximumHeaderBytes: Int = Limits.defaultMaximumHeaderBytes, maximumParts: Int = Limits.defaultMaximumParts
        ) {
            self.maximumHeaderBytes = maximumHeaderBytes
            self.maximumParts = maximumParts
        }

        /// 8 KB, as common HTTP servers allow for a request's whole header block.
        public static let defaultMaximumHeaderBytes = 8 * 1024
        /// 128: a file, a title and the tags a photo may have (`TextRules.maximumTagsPerPhoto`), with room.
        public static let defaultMaximumParts = 128
    }

    private enum State { case preamble, afterDelimiter, headers, body, epilogue }

    /// `\r\n--boundary`: the input is treated as if it began with `\r\n`, so the first delimiter matches too.
    private var delimiter: StreamMatcher
    private var headerEnd = StreamMatcher([13, 10, 13, 10])
    public let limits: Limits
    /// Bytes not yet consumed are `buffer[start...]`; `buffer[start..<scanned]` went through the current
    /// matcher already, so no byte is searched twice.
    private var buffer: [UInt8] = [13, 10]
    private var start = 0
    private var scanned = 0
    private var state = State.preamble
    public private(set) var partCount = 0
    /// Work done so far: bytes compared by the matchers plus bytes moved when the buffer is compacted.
    /// Linear parsing means this stays within a small multiple of the bytes fed.
    public private(set) var bytesExamined = 0

    /// The boundary from a `Content-Type: multipart/form-data; boundary=…` header, or nil.
    public static func boundary(fromContentType contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count) else { return nil }
            return value
        }
        return nil
    }

    public init(boundary: String, limits: Limits = Limits()) {
        delimiter = StreamMatcher([13, 10, 45, 45] + Array(boundary.utf8))
        self.limits = limits
    }

    public var isComplete: Bool { state == .epilogue }

    /// Feeds the next bytes; `emit` receives what they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (Event) throws -> Void) throws {
        guard state != .epilogue else { return }
        compact()
        buffer.append(contentsOf: bytes)
        var progress = true
        while progress {
            progress = false
            switch state {
            case .preamble:
                if scanForDelimiter() {
                    start = scanned
                    state = .afterDelimiter
                    progress = true
                } else {
                    // Only a tail that could begin the delimiter needs keeping.
                    start = scanned - delimiter.matched
                }
            case .afterDelimiter:
                guard buffer.count - start >= 2 else { break }
                if buffer[start] == 45, buffer[start + 1] == 45 {
                    state = .epilogue
                    buffer = []
                    (start, scanned) = (0, 0)
                    return
                }
                guard buffer[start] == 13, buffer[start + 1] == 10 else {
                    throw ParseError.malformed("bad delimiter line")
                }
                // The header search starts at this line break, so an empty header block (`\r\n\r\n`) ends it.
                scanned = start
                headerEnd.reset()
                state = .headers
                progress = true
            case .headers:
                let found = scanForHeaderEnd()
                // `start` is at the delimiter line's `\r\n`; with no header lines, that is the first half of the
                // terminator, so the header block is empty rather than negative.
                let headerStart = start + 2
                let headerBytes = max(0, (found ? scanned - 4 : scanned - headerEnd.matched) - headerStart)
                guard headerBytes <= limits.maximumHeaderBytes else {
                    throw ParseError.headersTooLong(limit: limits.maximumHeaderBytes)
                }
                guard found else { break }
                partCount += 1
                guard partCount <= limits.maximumParts else {
                    throw ParseError.tooManyParts(limit: limits.maximumParts)
                }
                let text = String(decoding: buffer[headerStart..<(headerStart + headerBytes)], as: UTF8.self)
                start = scanned
                delimiter.reset()
                try emit(Self.partStart(headers: text))
                state = .body
                progress = true
            case .body:
                if scanForDelimiter() {
                    let end = scanned - delimiter.needle.count
                    if end > start { try emit(.data(Array(buffer[start..<end]))) }
                    try emit(.partEnd)
                    start = scanned
                    state = .afterDelimiter
                    progress = true
                } else {
                    // Everything but a tail that could be the start of a delimiter is part data.
                    let safe = scanned - delimiter.matched
                    if safe > start { try emit(.data(Array(buffer[start..<safe]))) }
                    start = safe
                }
            case .epilogue:
                return
            }
        }
    }

    /// Call at the end of the input: a body that stopped before its closing delimiter is malformed.
    public func finish() throws {
        guard state == .epilogue else { throw ParseError.malformed("the body ended before its closing boundary") }
    }

    /// Runs `matcher` over the bytes it has not seen; true when it completes its needle, with `scanned`
    /// just past it.
    private mutating func scan(_ matcher: inout StreamMatcher) -> Bool {
        defer { if matcher.matched == matcher.needle.count { matcher.reset() } }
        while scanned < buffer.count {
            let byte = buffer[scanned]
            scanned += 1
            if matcher.advance(byte, comparisons: &bytesExamined) { return true }
        }
        return false
    }

    private mutating func scanForDelimiter() -> Bool {
        var matcher = delimiter
        defer { delimiter = matcher }
        return scan(&matcher)
    }

    private mutating func scanForHeaderEnd() -> Bool {
        var matcher = headerEnd
        defer { headerEnd = matcher }
        return scan(&matcher)
    }

    /// Drops consumed bytes once they are at least half the buffer, so each byte is moved at most once
    /// on average, instead of shifting the whole buffer on every step.
    private mutating func compact() {
        guard start > 0, start >= buffer.count - start else { return }
        bytesExamined += buffer.count - start
        buffer.removeSubrange(0..<start)
        scanned -= start
        start = 0
    }

    /// Reads `Content-Disposition: form-data; name="file"; filename="a.jpg"` and `Content-Type`.
    static func partStart(headers: String) throws -> Event {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { throw ParseError.malformed("bad part header") }
            let field = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if field == "content-type" { contentType = value }
            guard field == "content-disposition" else { continue }
            for parameter in splitParameters(value).dropFirst() {
                let kv = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                guard kv.count == 2 else { continue }
                var text = kv[1].trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                    text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                }
                switch kv[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "name": name = text
                case "filename": filename = text
                default: break
                }
            }
        }
        return .partStart(name: name, filename: filename, contentType: contentType)
    }

    /// Splits on `;` outside quotes (a file name may contain one).
    static func splitParameters(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var previous: Character = " "
        for char in value {
            if char == "\"", previous != "\\" { quoted.toggle() }
            if char == ";", !quoted {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(char)
            }
            previous = char
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
