import HTTPParsing

/// libFuzzer target: any bytes as the query string of a Parse find (`where`, `order`, `keys`, `limit`,
/// `skip`, `count`), and the same bytes straight into the `where` JSON parser and the date reader.
/// Checks the bounds every accepted query must keep, that accepted JSON reads back the same, and that accepted
/// dates read back the same once written by `TimestampFormatter` (as Parse answers are).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
    let raw = String(decoding: bytes, as: UTF8.self)

    if let query = try? ParseQuery(FormQuery(raw)) { check(query) }

    // The raw bytes as a `where` value, and as JSON of any shape.
    if let conditions = try? ParseQuery.conditions(raw) {
        var query = ParseQuery()
        query.conditions = conditions
        check(query)
    }
    if let json = try? JSONValue.parse(raw, maximumDepth: ParseQuery.maximumWhereDepth) {
        precondition(depth(json) <= ParseQuery.maximumWhereDepth)
        let written = serialize(json)
        let again = try? JSONValue.parse(written, maximumDepth: ParseQuery.maximumWhereDepth)
        precondition(again == json, "JSON reads back what it wrote: \(written)")
    }
    // A date read back through the formatter Parse answers are written with reads the same.
    if let milliseconds = ParseDate.milliseconds(raw), TimestampFormatter.representable.contains(milliseconds) {
        let written = TimestampFormatter.string(milliseconds: milliseconds, offsetMinutes: 0)
        precondition(ParseDate.milliseconds(written) == milliseconds, "date round trip: \(written)")
    }
    _ = ParseQuery.keys(raw)
    _ = try? ParseQuery.order(raw)
    return 0
}

func check(_ query: ParseQuery) {
    precondition((0...ParseQuery.maximumLimit).contains(query.limit))
    precondition((0...ParseQuery.maximumSkip).contains(query.skip))
    precondition(Set(query.order.map(\.field)).count == query.order.count, "each field sorts once")
    precondition(query.order.allSatisfy { $0.field.isStored })
    var values = 0
    for condition in query.conditions {
        switch condition {
        case .compare(let field, _, let operand):
            precondition(field.isStored)
            checkOperand(operand)
        case .contained(let field, let operands, _):
            precondition(field.isStored)
            values += operands.count
            operands.forEach(checkOperand)
        case .exists:
            break
        }
    }
    precondition(values <= ParseQuery.maximumValues)
}

func checkOperand(_ operand: ParseOperand) {
    switch operand {
    case .number(let number): precondition(number.isFinite)
    case .text(let text): precondition(text.utf8.count <= ParseQuery.maximumTextBytes)
    case .date: break
    }
}

func depth(_ value: JSONValue) -> Int {
    switch value {
    case .array(let items): 1 + (items.map(depth).max() ?? 0)
    case .object(let fields): 1 + (fields.values.map(depth).max() ?? 0)
    default: 0
    }
}

func serialize(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return "\(number)"
    case .string(let text): return quote(text)
    case .array(let items): return "[" + items.map(serialize).joined(separator: ",") + "]"
    case .object(let fields):
        return "{" + fields.map { quote($0.key) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
    }
}

func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\u{00}"..."\u{1F}":
            let digits = Array("0123456789abcdef".unicodeScalars)
            result += "\\u00"
            result.unicodeScalars.append(digits[Int(scalar.value >> 4)])
            result.unicodeScalars.append(digits[Int(scalar.value & 0xF)])
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
