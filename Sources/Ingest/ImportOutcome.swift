/// What happened to one file.
public enum ImportOutcome: Sendable, Equatable {
    case imported(path: String, photoID: String)
    case duplicate(path: String, existingID: String)
    case failed(path: String, reason: String)

    public var path: String {
        switch self {
        case .imported(let path, _), .duplicate(let path, _), .failed(let path, _): path
        }
    }
}

/// Totals for a whole import run.
public struct ImportSummary: Sendable, Equatable {
    public var imported: [String] = []
    public var duplicates: [String] = []
    public var failures: [(path: String, reason: String)] = []

    public init() {}

    public var total: Int { imported.count + duplicates.count + failures.count }

    mutating func record(_ outcome: ImportOutcome) {
        switch outcome {
        case .imported(_, let id): imported.append(id)
        case .duplicate(let path, _): duplicates.append(path)
        case .failed(let path, let reason): failures.append((path, reason))
        }
    }

    public static func == (lhs: ImportSummary, rhs: ImportSummary) -> Bool {
        lhs.imported == rhs.imported && lhs.duplicates == rhs.duplicates
            && lhs.failures.map(\.path) == rhs.failures.map(\.path)
            && lhs.failures.map(\.reason) == rhs.failures.map(\.reason)
    }
}

/// Progress reported after each file, for progress bars.
public struct ImportProgress: Sendable {
    public var done: Int
    public var total: Int
    public var latest: ImportOutcome
}
