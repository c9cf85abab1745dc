import Catalog
import HTTPParsing

/// The query string of `GET /parse/classes/Resource`, validated: `where`, `order`, `keys`, `limit`, `skip`
/// and `count`, read as Parse Server reads what its clients send.
///
/// Pure standard-library code over its own small value types (fuzzed under Tests/Fuzz/parsequery);
/// `ParseQuery+Catalog.swift` maps the result to the catalog's query. Each `where` field maps to a fixed
/// column and each value becomes a bound argument, so nothing a client sends is ever spliced into SQL.
/// Unknown fields and operators are refused with code 102; unknown parameters (`include`, …) are ignored.
struct ParseQuery: Sendable, Equatable {
    var conditions: [ParseCondition] = []
    var order: [ParseSort] = []
    var skip = 0
    var limit = Self.defaultLimit
    var counting = false
    /// The fields to return besides `objectId`, `createdAt` and `updatedAt`; nil returns all.
    var keys: Set<ParseField>?

    static let defaultLimit = ParseLimits.defaultLimit
    static let maximumLimit = ParseLimits.maximumLimit
    static let maximumSkip = ParseLimits.maximumSkip
    static let maximumWhereBytes = ParseLimits.maximumWhereBytes
    /// Arrays and objects nest at most this deep in `where`; the deepest meaningful one,
    /// `{"createdAt":{"$in":[{"__type":"Date",…}]}}`, is 4.
    static let maximumWhereDepth = 8
    /// `$in` and `$nin` values in one `where`, all operators together.
    static let maximumValues = 1000
    /// A text operand is at most this many UTF-8 bytes.
    static let maximumTextBytes = 1000

    init() {}

    /// A placeholder (`None`, `null`, empty; see `CompatParameter`) counts as an absent parameter.
    init(_ parameters: FormQuery) throws(ParseQueryError) {
        switch CompatParameter.integer(parameters["limit"]) {
        case .absent: break
        case .value(let value) where value >= 0: limit = min(value, Self.maximumLimit)
        case .overflow(negative: false): limit = Self.maximumLimit
        default: throw .invalid("limit", parameters["limit"])
        }
        switch CompatParameter.integer(parameters["skip"]) {
        case .absent: break
        case .value(let value) where (0...Self.maximumSkip).contains(value): skip = value
        default: throw .invalid("skip", parameters["skip"])
        }
        switch CompatParameter.boolean(parameters["count"]) {
        case .absent: break
        case .value(let value): counting = value
        case .overflow, .invalid: throw .invalid("count", parameters["count"])
        }
        if let order = Self.present(parameters["order"]) { self.order = try Self.order(order) }
        if let keys = Self.present(parameters["keys"]) { self.keys = Self.keys(keys) }
        if let text = Self.present(parameters["where"]) { conditions = try Self.conditions(text) }
    }

    static func present(_ value: String?) -> String? {
        guard let value, !CompatParameter.isPlaceholder(value) else { return nil }
        return value
    }

    /// A comma list of field names; names of no field are dropped, as Parse drops unknown columns.
    static func keys(_ text: String) -> Set<ParseField> {
        Set(text.split(separator: ",").compactMap { ParseField(rawValue: String(CompatParameter.trimmed($0))) })
    }

    /// A comma list of fields, `-` before one for descending; a repeated field adds nothing to an order, so
    /// only its first mention counts (which also bounds the ORDER BY by the number of fields).
    static func order(_ text: String) throws(ParseQueryError) -> [ParseSort] {
        var result: [ParseSort] = []
        for part in text.split(separator: ",") {
            let name = CompatParameter.trimmed(part)
            let descending = name.hasPrefix("-")
            let fieldName = String(descending ? name.dropFirst() : name)
            guard let field = ParseField(rawValue: fieldName), field.isStored else {
                throw ParseQueryError("Cannot sort by \(CompatParameter.excerpt(fieldName))")
            }
            if !result.contains(where: { $0.field == field }) {
                result.append(ParseSort(field: field, descending: descending))
            }
        }
        return result
    }

    static func conditions(_ text: String) throws(ParseQueryError) -> [ParseCondition] {
        guard text.utf8.count <= maximumWhereBytes else {
            throw ParseQueryError("Invalid where: longer than \(maximumWhereBytes) bytes")
        }
        let json: JSONValue
        do throws(JSONValue.ParseFailure) {
            json = try JSONValue.parse(text, maximumDepth: maximumWhereDepth)
        } catch .tooDeep {
            throw ParseQueryError("Invalid where: nested deeper than \(maximumWhereDepth) levels")
        } catch .notFinite {
            throw ParseQueryError("Invalid where: a number is out of range")
        } catch {
            throw ParseQueryError("Invalid where: not a JSON object")
        }
        guard case .object(let fields) = json else { throw ParseQueryError("Invalid where: not a JSON object") }
        var result: [ParseCondition] = []
        var values = 0
        for (name, constraint) in fields.sorted(by: { $0.key < $1.key }) {
            guard let field = ParseField(rawValue: name) else {
                let shown = CompatParameter.excerpt(name)
                throw ParseQueryError(
                    name.hasPrefix("$") ? "Unsupported operator: \(shown)" : "Invalid key name: \(shown)")
            }
            result += try conditions(field, constraint, values: &values)
        }
        return result
    }

    static let comparisons: [String: ParseComparison] = [
        "$eq": .equal, "$ne": .notEqual, "$lt": .less, "$lte": .lessOrEqual, "$gt": .greater, "$gte": .greaterOrEqual,
    ]

    static func conditions(
        _ field: ParseField, _ constraint: JSONValue, values: inout Int
    ) throws(ParseQueryError) -> [ParseCondition] {
        // A bare value, or a Date literal, is equality; any other object is a set of operators.
        guard case .object(let operators) = constraint, operators["__type"] == nil else {
            return [try comparison(field, .equal, constraint)]
        }
        var result: [ParseCondition] = []
        for (name, operand) in operators.sorted(by: { $0.key < $1.key }) {
            if let comparison = comparisons[name] {
                result.append(try Self.comparison(field, comparison, operand))
            } else if name == "$in" || name == "$nin" {
                guard case .array(let items) = operand else { throw ParseQueryError("bad \(name) value") }
                values += items.count
                guard values <= maximumValues else {
                    throw ParseQueryError("bad \(name) value: more than \(maximumValues) values in where")
                }
                guard field.isStored else { throw ParseQueryError("Cannot query \(field.rawValue) with \(name)") }
                var operands: [ParseOperand] = []
                for item in items { operands.append(try value(field, item)) }
                result.append(.contained(field, operands, negated: name == "$nin"))
            } else if name == "$exists" {
                guard case .bool(let present) = operand else { throw ParseQueryError("bad $exists value") }
                result.append(.exists(field, present))
            } else {
                throw ParseQueryError("Unsupported operator: \(CompatParameter.excerpt(name))")
            }
        }
        return result
    }

    static func comparison(
        _ field: ParseField, _ comparison: ParseComparison, _ operand: JSONValue
    ) throws(ParseQueryError) -> ParseCondition {
        guard field.isStored else {
            throw ParseQueryError("Cannot query \(field.rawValue): it is built per request (use $exists)")
        }
        return .compare(field, comparison, try value(field, operand))
    }

    /// The operand as the field's type: a Date literal for dates, a number for sizes, a string otherwise.
    static func value(_ field: ParseField, _ operand: JSONValue) throws(ParseQueryError) -> ParseOperand {
        switch (field.kind, operand) {
        case (.date, _):
            guard case .object(let date) = operand, date["__type"] == .string("Date"),
                case .string(let iso)? = date["iso"], let milliseconds = ParseDate.milliseconds(iso)
            else { throw ParseQueryError("bad date for \(field.rawValue): use {\"__type\":\"Date\",\"iso\":\"…\"}") }
            return .date(milliseconds)
        case (.number, .number(let number)) where number.isFinite:
            return .number(number)
        case (.text, .string(let text)) where text.utf8.count <= maximumTextBytes:
            return .text(text)
        default:
            throw ParseQueryError("bad value for \(field.rawValue)")
        }
    }
}

/// The columns of ToyPhotoGallery's Parse class `Resource`, as Vitrine fills them.
enum ParseField: String, Sendable, CaseIterable {
    case objectId, createdAt, updatedAt, filename, width, height, thumbnailURLString, fileURLString

    enum Kind: Sendable { case text, number, date }

    var kind: Kind {
        switch self {
        case .createdAt, .updatedAt: .date
        case .width, .height: .number
        case .objectId, .filename, .thumbnailURLString, .fileURLString: .text
        }
    }

    /// False for the URLs, which are built per request from the base URL: they cannot be compared or sorted.
    var isStored: Bool {
        switch self {
        case .thumbnailURLString, .fileURLString: false
        default: true
        }
    }
}

/// A value to compare a field with; dates are milliseconds since the epoch.
enum ParseOperand: Sendable, Equatable {
    case text(String)
    case number(Double)
    case date(Int64)
}

enum ParseComparison: Sendable, Equatable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

/// One constraint of a Parse `where`.
enum ParseCondition: Sendable, Equatable {
    case compare(ParseField, ParseComparison, ParseOperand)
    /// `$in` (or `$nin` when `negated`).
    case contained(ParseField, [ParseOperand], negated: Bool)
    case exists(ParseField, Bool)
}

struct ParseSort: Sendable, Equatable {
    var field: ParseField
    var descending: Bool
}

/// A query Parse answers with code 102; `ParseController` turns it into a `ParseError`.
struct ParseQueryError: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    static func invalid(_ parameter: String, _ value: String?) -> ParseQueryError {
        ParseQueryError("Invalid \(parameter): \(CompatParameter.excerpt(value ?? ""))")
    }
}
