import Catalog

/// Maps the validated Parse query to the catalog's query types.
extension ParseQuery {
    var resourceQuery: ResourceQuery {
        var query = ResourceQuery()
        query.conditions = conditions.map(\.resourceCondition)
        query.order = order.map { ResourceSort(field: $0.field.resourceField, descending: $0.descending) }
        query.skip = skip
        query.limit = limit
        return query
    }
}

extension ParseField {
    var resourceField: ResourceField {
        switch self {
        case .objectId: .objectId
        case .createdAt: .createdAt
        case .updatedAt: .updatedAt
        case .filename: .filename
        case .width: .width
        case .height: .height
        case .thumbnailURLString: .thumbnailURLString
        case .fileURLString: .fileURLString
        }
    }
}

extension ParseCondition {
    var resourceCondition: ResourceCondition {
        switch self {
        case .compare(let field, let comparison, let operand):
            .compare(field.resourceField, comparison.resourceComparison, operand.resourceValue)
        case .contained(let field, let operands, let negated):
            .contained(field.resourceField, operands.map(\.resourceValue), negated: negated)
        case .exists(let field, let present):
            .exists(field.resourceField, present)
        }
    }
}

extension ParseComparison {
    var resourceComparison: ResourceComparison {
        switch self {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        }
    }
}

extension ParseOperand {
    var resourceValue: ResourceValue {
        switch self {
        case .text(let text): .text(text)
        case .number(let number): .number(number)
        case .date(let milliseconds): .date(milliseconds)
        }
    }
}

extension ParseQueryError {
    var parseError: ParseError { .invalidQuery(message) }
}
