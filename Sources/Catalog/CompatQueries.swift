/// A Pixabay-style search, already validated: the catalog turns it into one parameterised query.
public struct CompatSearch: Sendable, Equatable {
    public enum Orientation: String, Sendable { case all, horizontal, vertical }
    public enum Order: String, Sendable { case popular, latest }

    /// Free text, every word must match (the same full-text filter as the JSON API's `q`).
    public var filter = PhotoFilter()
    /// One photo by its public number; the other criteria still apply.
    public var number: Int64?
    public var orientation = Orientation.all
    public var minWidth = 0
    public var minHeight = 0
    public var grayscaleOnly = false
    /// Only photos or only clips (Pixabay's image and video searches); nil for both.
    public var kind: MediaKind?
    public var order = Order.popular
    public var offset = 0
    public var limit = 20

    public init() {}
}

/// The columns of ToyPhotoGallery's Parse class `Resource`, as Vitrine fills them.
public enum ResourceField: String, Sendable, CaseIterable {
    case objectId, createdAt, updatedAt, filename, width, height, thumbnailURLString, fileURLString

    /// False for URLs, which are built per request from the base URL rather than stored.
    public var isStored: Bool {
        switch self {
        case .objectId, .createdAt, .updatedAt, .filename, .width, .height: true
        case .thumbnailURLString, .fileURLString: false
        }
    }

    public enum Kind: Sendable { case text, number, date }

    public var kind: Kind {
        switch self {
        case .createdAt, .updatedAt: .date
        case .width, .height: .number
        case .objectId, .filename, .thumbnailURLString, .fileURLString: .text
        }
    }
}

/// A value to compare a field with; dates are milliseconds since the epoch.
public enum ResourceValue: Sendable, Equatable {
    case text(String)
    case number(Double)
    case date(Int64)
}

public enum ResourceComparison: String, Sendable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// One constraint of a Parse `where`.
public enum ResourceCondition: Sendable, Equatable {
    case compare(ResourceField, ResourceComparison, ResourceValue)
    /// `$in` (or `$nin` when `negated`).
    case contained(ResourceField, [ResourceValue], negated: Bool)
    case exists(ResourceField, Bool)
}

/// A Parse query on `Resource`, already validated.
public struct ResourceQuery: Sendable, Equatable {
    public var conditions: [ResourceCondition] = []
    public var order: [ResourceSort] = []
    public var skip = 0
    public var limit = 100

    public init() {}
}

public struct ResourceSort: Sendable, Equatable {
    public var field: ResourceField
    public var descending: Bool

    public init(field: ResourceField, descending: Bool) {
        self.field = field
        self.descending = descending
    }
}
