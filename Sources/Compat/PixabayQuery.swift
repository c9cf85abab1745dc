import Catalog
import HTTPParsing

/// The parameters of `GET /api/`, validated as Pixabay does. Every documented parameter is accepted;
/// `lang`, `image_type`, `category`, `editors_choice` and `safesearch` mean nothing here: the booleans
/// among them are checked, then ignored.
///
/// Pure standard-library code over its own value types (fuzzed under Tests/Fuzz/pixabay);
/// `PixabayQuery+Catalog.swift` maps it to the catalog's search. As Pixabay's clients send them, a
/// placeholder (`None`, `null`, empty) in an optional parameter counts as absent, and `True`/`False` in any
/// case are booleans.
struct PixabayQuery: Sendable, Equatable {
    enum Orientation: String, Sendable { case all, horizontal, vertical }
    enum Order: String, Sendable { case popular, latest }

    /// Free text, every word must match (the same full-text filter as the JSON API's `q`).
    var text: String?
    /// One photo by its public number.
    var number: Int64?
    var orientation = Orientation.all
    var minWidth = 0
    var minHeight = 0
    var grayscaleOnly = false
    var order = Order.popular
    var page = 1
    var perPage = 20
    var callback: String?
    var pretty = false

    static let perPageRange = PixabayLimits.perPageRange
    static let maximumQueryScalars = PixabayLimits.maximumQueryScalars
    static let dimensionRange = 0...1_000_000
    static let maximumHits = PixabayLimits.maximumHits

    init() {}

    init(_ parameters: FormQuery) throws(PixabayQueryError) {
        if let q = Self.present(parameters["q"]) {
            guard q.unicodeScalars.count <= Self.maximumQueryScalars else { throw .init("q") }
            // `+` joins words in Pixabay URLs, also when a client escapes it.
            text = q.replacingPluses()
        }
        if let id = try Self.integer(parameters, "id", in: 1...Int.max) { number = Int64(id) }
        if let raw = Self.present(parameters["orientation"]) {
            guard let value = Orientation(rawValue: raw) else { throw .init("orientation") }
            orientation = value
        }
        minWidth = try Self.integer(parameters, "min_width", in: Self.dimensionRange) ?? 0
        minHeight = try Self.integer(parameters, "min_height", in: Self.dimensionRange) ?? 0
        if let colors = Self.present(parameters["colors"]) {
            // A comma list; of its values only `grayscale` can be answered from what the catalog measures.
            grayscaleOnly = colors.split(separator: ",").contains { CompatParameter.trimmed($0) == "grayscale" }
        }
        if let raw = Self.present(parameters["order"]) {
            guard let value = Order(rawValue: raw) else { throw .init("order") }
            order = value
        }
        perPage = try Self.integer(parameters, "per_page", in: Self.perPageRange) ?? 20
        page = try Self.integer(parameters, "page", in: 1...Int.max) ?? 1
        // Past the last hit Pixabay can give is an error (page 1 of nothing is an empty answer instead);
        // refused here, before any query, so no page number reaches the catalog as a huge offset.
        guard page == 1 || offset < Self.maximumHits else { throw .init("page") }
        if let callback = Self.present(parameters["callback"]) {
            guard Self.isValid(callback: callback) else { throw .init("callback") }
            self.callback = callback
        }
        pretty = try Self.boolean(parameters, "pretty") ?? false
        _ = try Self.boolean(parameters, "editors_choice")
        _ = try Self.boolean(parameters, "safesearch")
    }

    /// The hits before this page, saturated rather than overflowing for absurd pages.
    var offset: Int {
        let (product, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        return overflow ? Int.max : product
    }

    static func present(_ value: String?) -> String? {
        guard let value, !CompatParameter.isPlaceholder(value) else { return nil }
        return value
    }

    static func integer(
        _ parameters: FormQuery, _ name: String, in range: ClosedRange<Int>
    ) throws(PixabayQueryError) -> Int? {
        switch CompatParameter.integer(parameters[name]) {
        case .absent: return nil
        case .value(let value) where range.contains(value): return value
        default: throw .init(name)
        }
    }

    static func boolean(_ parameters: FormQuery, _ name: String) throws(PixabayQueryError) -> Bool? {
        switch CompatParameter.boolean(parameters[name]) {
        case .absent: return nil
        case .value(let value): return value
        case .overflow, .invalid: throw .init(name)
        }
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

/// A parameter Pixabay refuses as out of range; `PixabayController` turns it into a `PixabayError`.
struct PixabayQueryError: Error, Equatable {
    var parameter: String

    init(_ parameter: String) {
        self.parameter = parameter
    }
}

extension String {
    fileprivate func replacingPluses() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "+" ? " " : $0 }))
    }
}
