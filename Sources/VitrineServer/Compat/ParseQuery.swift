import Catalog
import Foundation
import Hummingbird

/// The query string of `GET /parse/classes/Resource`, validated into a `ResourceQuery`.
///
/// `where` is JSON; each field maps to a fixed column and each value becomes a bound argument, so nothing
/// a client sends is ever spliced into SQL. Unknown fields and operators are refused with code 102.
struct ParseQuery: Sendable, Equatable {
    var query = ResourceQuery()
    var counting = false
    /// The fields to return besides `objectId`, `createdAt` and `updatedAt`; nil returns all.
    var keys: Set<ResourceField>?

    static let defaultLimit = 100
    /// Parse Server's own default `maxLimit` is unbounded; a larger request is clamped to this.
    static let maximumLimit = 1000
    static let maximumSkip = 10_000_000
    static let maximumWhereLength = 10_000
    static let maximumInValues = 1000

    init() {}

    init(_ parameters: Parameters) throws(ParseError) {
        if let limit = parameters["limit"] {
            guard let value = Int(limit), value >= 0 else { throw .invalidQuery("Invalid limit: \(limit)") }
            query.limit = min(value, Self.maximumLimit)
        } else {
            query.limit = Self.defaultLimit
        }
        if let skip = parameters["skip"] {
            guard let value = Int(skip), (0...Self.maximumSkip).contains(value) else {
                throw .invalidQuery("Invalid skip: \(skip)")
            }
            query.skip = value
        }
        if let count = parameters["count"] { counting = count == "1" || count == "true" }
        if let order = parameters["order"] { query.order = try Self.order(String(order)) }
        if let keys = parameters["keys"] {
            self.keys = Set(
                keys.split(separator: ",").compactMap {
                    ResourceField(rawValue: $0.trimmingCharacters(in: .whitespaces))
                })
        }
        if let text = parameters["where"] { query.conditions = try Self.conditions(String(text)) }
    }

    static func order(_ text: String) throws(ParseError) -> [ResourceSort] {
        var result: [ResourceSort] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            let descending = name.hasPrefix("-")
            let fieldName = descending ? String(name.dropFirst()) : name
            guard let field = ResourceField(rawValue: fieldName), field.column != nil else {
                throw .invalidQuery("Cannot sort by \(fieldName)")
            }
            result.append(ResourceSort(field: field, descending: descending))
        }
        return result
    }

    static func conditions(_ text: String) throws(ParseError) -> [ResourceCondition] {
        guard text.utf8.count <= maximumWhereLength,
            let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), case .object(let fields) = json
        else { throw .invalidQuery("Invalid where: not a JSON object") }
        var result: [ResourceCondition] = []
        for (name, constraint) in fields.sorted(by: { $0.key < $1.key }) {
            guard let field = ResourceField(rawValue: name) else {
                throw .invalidQuery(name.hasPrefix("$") ? "Unsupported operator: \(name)" : "Invalid key name: \(name)")
            }
            result += try conditions(field, constraint)
        }
        return result
    }

    static let comparisons: [String: ResourceComparison] = [
        "$eq": .equal, "$ne": .notEqual, "$lt": .less, "$lte": .lessOrEqual, "$gt": .greater, "$gte": .greaterOrEqual,
    ]

    static func conditions(_ field: ResourceField, _ constraint: JSONValue) throws(ParseError) -> [ResourceCondition] {
        // A bare value, or a Date literal, is equality; any other object is a set of operators.
        guard case .object(let operators) = constraint, operators["__type"] == nil else {
            return [try comparison(field, .equal, constraint)]
        }
        var result: [ResourceCondition] = []
        for (name, operand) in operators.sorted(by: { $0.key < $1.key }) {
            if let comparison = comparisons[name] {
                result.append(try Self.comparison(field, comparison, operand))
            } else if name == "$in" || name == "$nin" {
                guard case .array(let items) = operand, items.count <= maximumInValues else {
                    throw .invalidQuery("bad \(name) value")
                }
                guard field.column != nil else { throw .invalidQuery("Cannot query \(field.rawValue) with \(name)") }
                var values: [ResourceValue] = []
                for item in items { values.append(try value(field, item)) }
                result.append(.contained(field, values, negated: name == "$nin"))
            } else if name == "$exists" {
                guard case .bool(let present) = operand else { throw .invalidQuery("bad $exists value") }
                result.append(.exists(field, present))
            } else {
                throw .invalidQuery("Unsupported operator: \(name)")
            }
        }
        return result
    }

    static func comparison(
        _ field: ResourceField, _ comparison: ResourceComparison, _ operand: JSONValue
    )
        throws(ParseError) -> ResourceCondition
    {
        guard field.column != nil else {
            throw .invalidQuery("Cannot query \(field.rawValue): it is built per request (use $exists)")
        }
        return .compare(field, comparison, try value(field, operand))
    }

    /// The operand as the field's type: a Date literal for dates, a number for sizes, a string otherwise.
    static func value(_ field: ResourceField, _ operand: JSONValue) throws(ParseError) -> ResourceValue {
        switch (field.kind, operand) {
        case (.date, _):
            guard case .object(let date) = operand, date["__type"] == .string("Date"),
                case .string(let iso)? = date["iso"], let milliseconds = ParseDate.milliseconds(iso)
            else { throw .invalidQuery("bad date for \(field.rawValue): use {\"__type\":\"Date\",\"iso\":\"…\"}") }
            return .date(milliseconds)
        case (.number, .number(let number)) where number.isFinite:
            return .number(number)
        case (.text, .string(let text)) where text.utf8.count <= 1000:
            return .text(text)
        default:
            throw .invalidQuery("bad value for \(field.rawValue)")
        }
    }
}
