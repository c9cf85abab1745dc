/// One month: its header, then its photos as segments, each either a loaded
/// run (exact justified geometry) or a gap of estimated rows.
///
/// Geometry here is relative to the top of the section's *body* (just below
/// its header); ``TimelineLayout`` adds the section's offset. A month of the
/// 4:3 grid is one estimated segment whatever is loaded, because the grid's
/// geometry does not depend on aspects: its estimate is exact.
struct TimelineSection {
    var year: Int32
    var month: Int32
    var count: Int
    var headerHeight: Double = 0
    /// From the first row's top to the last row's bottom (0 when empty).
    var bodyHeight: Double = 0
    /// Loaded runs, sorted by `start`, disjoint and never touching (touching runs are merged).
    var runs: [TimelineRun] = []

    init(year: Int32, month: Int32, count: Int) {
        self.year = year
        self.month = month
        self.count = count
    }

    /// A part of the body. `run` is nil for estimated rows.
    struct Segment {
        var start: Int
        var count: Int
        var top: Double
        var height: Double
        var run: TimelineRun?

        var end: Int { start + count }
        var bottom: Double { top + height }
    }

    /// Calls `body` with each segment, top to bottom, until it returns false.
    /// Segments are separated by the layout's spacing, as rows are.
    func forEachSegment(justified: Bool, estimate: EstimatedRows, _ body: (Segment) -> Bool) {
        guard justified else {
            if count > 0 { _ = body(Segment(start: 0, count: count, top: 0, height: estimate.height(count))) }
            return
        }
        var index = 0
        var y = 0.0
        for run in runs {
            if run.start > index {
                let n = run.start - index
                let gap = Segment(start: index, count: n, top: y, height: estimate.height(n))
                if !body(gap) { return }
                y = gap.bottom + estimate.spacing
            }
            let exact = Segment(start: run.start, count: run.count, top: y, height: run.height, run: run)
            if !body(exact) { return }
            y = exact.bottom + estimate.spacing
            index = run.end
        }
        if count > index {
            _ = body(Segment(start: index, count: count - index, top: y, height: estimate.height(count - index)))
        }
    }

    /// The body's height from its segments.
    func measureBody(justified: Bool, estimate: EstimatedRows) -> Double {
        var bottom = 0.0
        forEachSegment(justified: justified, estimate: estimate) { segment in
            bottom = segment.bottom
            return true
        }
        return bottom
    }

    /// The segment holding photo `index` (which must be below `count`).
    func segment(holding index: Int, justified: Bool, estimate: EstimatedRows) -> Segment? {
        var found: Segment? = nil
        forEachSegment(justified: justified, estimate: estimate) { segment in
            if index < segment.end {
                found = segment
                return false
            }
            return true
        }
        return found
    }

    /// Frame of photo `index`, y from the body's top.
    func frame(ofItem index: Int, justified: Bool, estimate: EstimatedRows) -> Rect? {
        guard index >= 0, index < count, let s = segment(holding: index, justified: justified, estimate: estimate)
        else { return nil }
        let local = index - s.start
        if let run = s.run {
            var f = run.layout.frame(ofItem: local)
            f.y += s.top
            return f
        }
        return estimate.frame(ofItem: local, top: s.top)
    }

    /// First photo whose row ends below `y` (body coordinates); `count` if none.
    func firstItem(endingAfter y: Double, justified: Bool, estimate: EstimatedRows) -> Int {
        var result = count
        forEachSegment(justified: justified, estimate: estimate) { s in
            guard s.bottom > y else { return true }
            let local: Int
            if let run = s.run {
                local = run.layout.itemStart(ofRow: run.layout.firstRow(endingAfter: y - s.top))
            } else {
                local = estimate.firstItem(endingAfter: y - s.top, count: s.count)
            }
            if local < s.count {
                result = s.start + local
                return false
            }
            return true
        }
        return result
    }

    /// First photo whose row starts at or below `y` (body coordinates); `count` if none.
    func firstItem(startingAtOrAfter y: Double, justified: Bool, estimate: EstimatedRows) -> Int {
        var result = count
        forEachSegment(justified: justified, estimate: estimate) { s in
            guard s.bottom > y else { return true }
            let local: Int
            if let run = s.run {
                local = run.layout.itemStart(ofRow: run.layout.firstRow(startingAtOrAfter: y - s.top))
            } else {
                local = estimate.firstItem(startingAtOrAfter: y - s.top, count: s.count)
            }
            if local < s.count {
                result = s.start + local
                return false
            }
            return true
        }
        return result
    }

    /// Photos whose rows intersect `top..<bottom` (body coordinates).
    func items(intersectingTop top: Double, bottom: Double, justified: Bool, estimate: EstimatedRows) -> Range<Int> {
        let first = firstItem(endingAfter: top, justified: justified, estimate: estimate)
        let end = firstItem(startingAtOrAfter: bottom, justified: justified, estimate: estimate)
        return first..<(end > first ? end : first)
    }

    /// Writes `x, y − originY, width, height` (body coordinates) as `Float`s for
    /// each photo of `range`, which must lie within `0..<count`.
    func writeFrames(
        of range: Range<Int>, originY: Double, justified: Bool, estimate: EstimatedRows,
        into out: UnsafeMutablePointer<Float>
    ) {
        guard !range.isEmpty else { return }
        forEachSegment(justified: justified, estimate: estimate) { s in
            let lo = range.lowerBound > s.start ? range.lowerBound : s.start
            let hi = range.upperBound < s.end ? range.upperBound : s.end
            if lo < hi {
                let target = out + 4 * (lo - range.lowerBound)
                if let run = s.run {
                    run.layout.writeFrames(of: (lo - s.start)..<(hi - s.start), originY: originY - s.top, into: target)
                } else {
                    var o = 0
                    for i in lo..<hi {
                        let f = estimate.frame(ofItem: i - s.start, top: s.top)
                        target[o] = Float(f.x)
                        target[o + 1] = Float(f.y - originY)
                        target[o + 2] = Float(f.width)
                        target[o + 3] = Float(f.height)
                        o += 4
                    }
                }
            }
            return s.end < range.upperBound
        }
    }
}
