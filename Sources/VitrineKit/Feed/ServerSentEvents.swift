import Foundation

/// Splits a `text/event-stream` into events, as the HTML standard's parser does: `event`, `data`
/// (lines joined with "\n"), `id` and `retry` fields, dispatched at a blank line; comments and unknown
/// fields ignored; "\n", "\r\n" and "\r" all end a line.
struct ServerSentEvents {
    struct Event: Equatable {
        var name = "message"
        var data = ""
        var id: String?
    }

    /// The longest line kept; a longer one means a broken or hostile stream.
    let maximumLineBytes: Int
    private var line: [UInt8] = []
    private var pending = Event()
    private var hasData = false
    private var afterCarriageReturn = false
    /// The `retry` field's last value, in milliseconds.
    private(set) var retryMilliseconds: Int?

    init(maximumLineBytes: Int = 1 << 20) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// The events `chunk` completes.
    mutating func feed(_ chunk: Data) throws -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            } else {
                guard line.count < maximumLineBytes else { throw VitrineError.tooLarge(limit: maximumLineBytes) }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer {
                pending = Event(id: pending.id)
                hasData = false
            }
            return hasData ? pending : nil
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": pending.name = String(value)
        case "data":
            pending.data += hasData ? "\n" + value : String(value)
            hasData = true
        case "id" where !value.contains("\0"): pending.id = String(value)
        case "retry": if let milliseconds = Int(value), milliseconds >= 0 { retryMilliseconds = milliseconds }
        default: break
        }
        return nil
    }
}
