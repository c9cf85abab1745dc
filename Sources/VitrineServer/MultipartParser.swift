import Foundation

/// A streaming `multipart/form-data` parser: bytes go in as they arrive, parts come out as headers and
/// body slices, so a file part is written to disk without the whole request ever being in memory.
struct MultipartParser {
    enum ParseError: Error, Equatable {
        case malformed(String)
    }

    /// What the parser saw; `data` slices of one part arrive in order between `partStart` and `partEnd`.
    enum Event: Equatable {
        case partStart(name: String?, filename: String?, contentType: String?)
        case data([UInt8])
        case partEnd
    }

    private enum State { case preamble, afterDelimiter, headers, body, epilogue }

    /// `\r\n--boundary`: the input is treated as if it began with `\r\n`, so the first delimiter matches too.
    private let delimiter: [UInt8]
    private var buffer: [UInt8] = [13, 10]
    private var state = State.preamble
    static let maximumHeaderBytes = 16 * 1024

    /// The boundary from a `Content-Type: multipart/form-data; boundary=…` header, or nil.
    static func boundary(fromContentType contentType: String) -> String? {
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

    init(boundary: String) {
        delimiter = [13, 10, 45, 45] + Array(boundary.utf8)
    }

    var isComplete: Bool { state == .epilogue }

    /// Feeds the next bytes; `emit` receives what they complete.
    mutating func feed(_ bytes: some Sequence<UInt8>, emit: (Event) throws -> Void) throws {
        guard state != .epilogue else { return }
        buffer.append(contentsOf: bytes)
        var progress = true
        while progress {
            progress = false
            switch state {
            case .preamble:
                if let index = find(delimiter) {
                    buffer.removeSubrange(0..<(index + delimiter.count))
                    state = .afterDelimiter
                    progress = true
                } else if buffer.count > delimiter.count {
                    buffer.removeSubrange(0..<(buffer.count - delimiter.count))
                }
            case .afterDelimiter:
                guard buffer.count >= 2 else { break }
                if buffer[0] == 45, buffer[1] == 45 {
                    state = .epilogue
                    buffer = []
                    return
                }
                guard buffer[0] == 13, buffer[1] == 10 else { throw ParseError.malformed("bad delimiter line") }
                buffer.removeSubrange(0..<2)
                state = .headers
                progress = true
            case .headers:
                guard let end = find([13, 10, 13, 10]) else {
                    if buffer.count > Self.maximumHeaderBytes { throw ParseError.malformed("part headers too long") }
                    break
                }
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeSubrange(0..<(end + 4))
                try emit(Self.partStart(headers: text))
                state = .body
                progress = true
            case .body:
                if let index = find(delimiter) {
                    if index > 0 { try emit(.data(Array(buffer[0..<index]))) }
                    try emit(.partEnd)
                    buffer.removeSubrange(0..<(index + delimiter.count))
                    state = .afterDelimiter
                    progress = true
                } else if buffer.count > delimiter.count {
                    // Everything but a tail that could be the start of a delimiter is part data.
                    let safe = buffer.count - delimiter.count
                    try emit(.data(Array(buffer[0..<safe])))
                    buffer.removeSubrange(0..<safe)
                }
            case .epilogue:
                return
            }
        }
    }

    /// Call at the end of the input: a body that stopped before its closing delimiter is malformed.
    func finish() throws {
        guard state == .epilogue else { throw ParseError.malformed("the body ended before its closing boundary") }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count, let first = needle.first else { return nil }
        var index = 0
        let last = buffer.count - needle.count
        while index <= last {
            if buffer[index] == first {
                var matched = true
                for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
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
