import Catalog
import Hummingbird

/// The parameters of `GET /api/`, validated as Pixabay does. Every documented parameter is accepted;
/// `lang`, `image_type`, `category`, `editors_choice` and `safesearch` mean nothing here and are ignored.
struct PixabayQuery: Sendable, Equatable {
    var search = CompatSearch()
    var page = 1
    var perPage = 20
    var callback: String?
    var pretty = false

    static let perPageRange = 3...200
    static let maximumQueryLength = 100
    /// Pixabay gives API clients at most this many hits of any search.
    static let maximumHits = 500

    init() {}

    init(_ parameters: Parameters) throws(PixabayError) {
        if let q = parameters["q"] {
            guard q.count <= Self.maximumQueryLength else { throw .outOfRange("q") }
            // `+` joins words in Pixabay URLs; every word must match (the filter ANDs them).
            search.filter = PhotoFilter(query: q.replacingOccurrences(of: "+", with: " "))
        }
        if let id = parameters["id"] {
            guard let number = Int64(id), number > 0 else { throw .outOfRange("id") }
            search.number = number
        }
        if let orientation = parameters["orientation"] {
            guard let value = CompatSearch.Orientation(rawValue: String(orientation)) else {
                throw .outOfRange("orientation")
            }
            search.orientation = value
        }
        search.minWidth = try Self.integer(parameters, "min_width", in: 0...1_000_000) ?? 0
        search.minHeight = try Self.integer(parameters, "min_height", in: 0...1_000_000) ?? 0
        if let colors = parameters["colors"] {
            // A comma list; of its values only `grayscale` can be answered from what the catalog measures.
            search.grayscaleOnly = colors.split(separator: ",").contains {
                $0.trimmingCharacters(in: .whitespaces) == "grayscale"
            }
        }
        if let order = parameters["order"] {
            guard let value = CompatSearch.Order(rawValue: String(order)) else { throw .outOfRange("order") }
            search.order = value
        }
        page = try Self.integer(parameters, "page", in: 1...Int(Int32.max)) ?? 1
        perPage = try Self.integer(parameters, "per_page", in: Self.perPageRange) ?? 20
        if let callback = parameters["callback"] {
            guard Self.isValid(callback: callback) else { throw .outOfRange("callback") }
            self.callback = String(callback)
        }
        pretty = parameters["pretty"] == "true"
    }

    static func integer(
        _ parameters: Parameters, _ name: String, in range: ClosedRange<Int>
    ) throws(PixabayError)
        -> Int?
    {
        guard let raw = parameters[Substring(name)] else { return nil }
        guard let value = Int(raw), range.contains(value) else { throw .outOfRange(name) }
        return value
    }

    /// A JavaScript identifier path (`cb`, `jQuery123_456`, `app.handlers.done`): nothing that could
    /// close the call and run other code.
    static func isValid(callback: some StringProtocol) -> Bool {
        guard !callback.isEmpty, callback.utf8.count <= 100 else { return false }
        return callback.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" || first == "$" else {
                return false
            }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        }
    }
}
