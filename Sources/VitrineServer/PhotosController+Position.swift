import Catalog
import Hummingbird
import VitrineAPI
import VitrineCore

/// Where a newest-first page starts: the top, or one of the positions `GET /api/v1/photos` takes.
enum PagePosition: Equatable {
    case top
    /// Older than a page's last item (`cursor`).
    case after(PageCursor)
    /// Taken strictly before an instant (`before`).
    case before(Int64)
    /// Newer than a page's first item (`after`, the mirror of `cursor`).
    case newer(PageCursor)
    /// Centred on a photo (`around`).
    case around(String)
    /// `offset` photos below the top of a UTC month (`month` and `offset`).
    case inMonth(UTCMonth, offset: Int)
}

extension PhotosController {
    /// How deep `offset` reaches into a month: each skipped photo is one index step, so this bounds the cost of
    /// one page (a million steps is tens of milliseconds) while no real month holds more.
    static var maximumMonthOffset: Int { 1_000_000 }

    /// The position parameters: at most one of `cursor`, `before`, `after`, `around` and `month` (with
    /// `offset`), each parsed strictly; a malformed one is a 400 naming it.
    static func position(from query: Parameters) throws -> PagePosition {
        let given = ["cursor", "before", "after", "around", "month"].filter { query[$0].map { !$0.isEmpty } ?? false }
        guard given.count <= 1 else {
            throw APIError(
                .badRequest, code: "bad_position", message: "give at most one of cursor, before, after, around, month")
        }
        let offset = try monthOffset(from: query)
        if offset != 0 && given != ["month"] {
            throw APIError(
                .badRequest, code: "bad_offset", message: "offset counts from the top of a month: give month")
        }
        switch given.first {
        case "cursor": return try cursor(from: query, PageCursor.init(encoded:)).map(PagePosition.after) ?? .top
        case "before":
            guard let instant = query["before"].flatMap({ TimestampParser.milliseconds(String($0)) }) else {
                throw APIError(
                    .badRequest, code: "bad_before",
                    message: "before is an ISO 8601 date (2025-11-01) or time with its zone (2025-11-01T10:00:00Z)")
            }
            return .before(instant)
        case "after":
            guard let cursor = query["after"].flatMap({ PageCursor(encoded: String($0)) }) else {
                throw APIError(.badRequest, code: "bad_cursor", message: "after is not a cursor this server issued")
            }
            return .newer(cursor)
        case "around":
            guard let id = query["around"].map(String.init), PhotoID.isValid(id) else {
                throw APIError(.badRequest, code: "bad_id", message: "around is not a photo id")
            }
            return .around(id)
        case "month":
            guard let month = query["month"].flatMap({ Self.month(String($0)) }) else {
                throw APIError(.badRequest, code: "bad_month", message: "month is YYYY-MM, e.g. 2025-11")
            }
            return .inMonth(month, offset: offset)
        default: return .top
        }
    }

    /// The `offset` parameter, 0 when absent. Zero skips nothing, so it goes with any position: a client that
    /// sends the documented default on every call gets the page that leaving it out gives.
    static func monthOffset(from query: Parameters) throws -> Int {
        guard let raw = query["offset"] else { return 0 }
        guard let parsed = Int(String(raw)), (0...maximumMonthOffset).contains(parsed) else {
            throw APIError(
                .badRequest, code: "bad_offset", message: "offset is an integer from 0 to \(maximumMonthOffset)")
        }
        return parsed
    }

    /// `YYYY-MM`, four digits and two, month 01–12.
    static func month(_ text: String) -> UTCMonth? {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-") else { return nil }
        let digits = bytes[0..<4] + bytes[5..<7]
        guard digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        return UTCMonth(year: value / 100, month: value % 100)
    }

    /// The page at `position`; nil for `around` a photo that does not exist.
    func page(at position: PagePosition, limit: Int, filter: PhotoFilter) async throws -> CatalogPage? {
        switch position {
        case .top: return try await catalog.page(after: nil, limit: limit, filter: filter)
        case .after(let cursor): return try await catalog.page(after: cursor, limit: limit, filter: filter)
        case .before(let instant):
            // Every photo at `instant` sorts above `(instant, "")`: the page starts strictly before it.
            return try await catalog.page(after: PageCursor(takenAt: instant, id: ""), limit: limit, filter: filter)
        case .newer(let cursor): return try await catalog.page(before: cursor, limit: limit, filter: filter)
        case .around(let id): return try await catalog.page(around: id, limit: limit, filter: filter)
        case .inMonth(let month, let offset):
            // The month's top is the instant the next month starts (always within Int64 for years 0000–9999).
            let top = month.next.startMilliseconds ?? .max
            return try await catalog.page(
                after: PageCursor(takenAt: top, id: ""), offset: offset, limit: limit, filter: filter)
        }
    }
}
