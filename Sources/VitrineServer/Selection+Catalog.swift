import Catalog
import Hummingbird
import VitrineAPI

extension Selection {
    /// Ranges one bulk request names at most (ids are bounded by `PhotoIDs.maximumCount`).
    static var maximumRanges: Int { 100 }

    /// The catalog's selection, every part checked: well-formed ids, ranges whose ends are `[time]` or
    /// `[time, id]`, filters as the pages take them. Empty is a 400: a bulk change names something.
    func validated() throws -> PhotoSelection {
        let ids = try ids.map { try PhotoIDs(ids: $0).validated() } ?? []
        let ranges = ranges ?? []
        guard ranges.count <= Self.maximumRanges else {
            throw APIError(.badRequest, code: "bad_selection", message: "at most \(Self.maximumRanges) ranges")
        }
        let selection = PhotoSelection(ids: ids, ranges: try ranges.map { try $0.validated() })
        guard !selection.isEmpty else {
            throw APIError(.badRequest, code: "bad_selection", message: "name photos by ids or ranges")
        }
        return selection
    }
}

extension Selection.Range {
    func validated() throws -> PhotoRange {
        guard let newest = Self.position(newest, newest: true), let oldest = Self.position(oldest, newest: false)
        else {
            throw APIError(
                .badRequest, code: "bad_selection", message: "a range's ends are [takenAt ms] or [takenAt ms, id]")
        }
        var filter = try PhotosController<BasicRequestContext>.filter(q: q, tags: tags ?? [], album: album)
        if favorite == true {
            guard filter.set == nil else {
                throw APIError(.badRequest, code: "bad_filter", message: "give album or favorite, not both")
            }
            filter.set = .favorites
        }
        return PhotoRange(newest: newest, oldest: oldest, filter: filter)
    }

    /// A range's end as a position; an end without an id takes every photo of its millisecond (ids sort as
    /// bytes, and every id is above "" and below "~").
    static func position(_ bound: [Selection.Bound], newest: Bool) -> PageCursor? {
        switch bound.count {
        case 1:
            guard case .time(let time) = bound[0] else { return nil }
            return PageCursor(takenAt: time, id: newest ? "~" : "")
        case 2:
            guard case .time(let time) = bound[0], case .id(let id) = bound[1], PhotoID.isValid(id) else { return nil }
            return PageCursor(takenAt: time, id: id)
        default: return nil
        }
    }
}
