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

    /// Walks the segments top to bottom; consecutive segments are separated by
    /// the layout's spacing, as rows are.
    ///
    /// An iterator rather than a closure-taking `forEach`: each caller would get
    /// its own inlined copy of the walk, which cost kilobytes of wasm.
    struct SegmentWalk {
        let runs: [TimelineRun]
        let count: Int
        let justified: Bool
        let estimate: EstimatedRows
        var index = 0
        var y = 0.0
        var nextRun = 0

        @inline(never)
        mutating func next() -> Segment? {
            guard index < count else { return nil }
            let segment: Segment
            if !justified {
                segment = Segment(start: 0, count: count, top: 0, height: estimate.height(count))
            } else if nextRun < runs.count && runs[nextRun].start <= index {
                let run = runs[nextRun]
                nextRun += 1
                segment = Segment(start: run.start, count: run.count, top: y, height: run.height, run: run)
            } else {
                let end = nextRun < runs.count && runs[nextRun].start < count ? runs[nextRun].start : count
                segment = Segment(start: index, count: end - index, top: y, height: estimate.height(end - index))
            }
            index = segment.end > index ? segment.end : count
            y = segment.bottom + estimate.spacing
            return segment
        }
    }

    func segments(justified: Bool, estimate: EstimatedRows) -> SegmentWalk {
        SegmentWalk(runs: runs, count: count, justified: justified, estimate: estimate)
    }

    /// The body's height from its segments.
    func measureBody(justified: Bool, estimate: EstimatedRows) -> Double {
        var bottom = 0.0
        var walk = segments(justified: justified, estimate: estimate)
        while let segment = walk.next() { bottom = segment.bottom }
        return bottom
    }

    /// The segment holding photo `index` (which must be below `count`).
    func segment(holding index: Int, justified: Bool, estimate: EstimatedRows) -> Segment? {
        var walk = segments(justified: justified, estimate: estimate)
        while let segment = walk.next() {
            if index < segment.end { return segment }
        }
        return nil
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
        firstItem(y, startingAtOrAfter: false, justified: justified, estimate: estimate)
    }

    /// First photo whose row starts at or below `y` (body coordinates); `count` if none.
    func firstItem(startingAtOrAfter y: Double, justified: Bool, estimate: EstimatedRows) -> Int {
        firstItem(y, startingAtOrAfter: true, justified: justified, estimate: estimate)
    }

    /// Both searches above: rows are sorted, so the first segment that has such a row holds the answer.
    func firstItem(_ y: Double, startingAtOrAfter starting: Bool, justified: Bool, estimate: EstimatedRows) -> Int {
        var walk = segments(justified: justified, estimate: estimate)
        while let s = walk.next() {
            guard s.bottom > y else { continue }
            let local: Int
            if let run = s.run {
                let layout = run.layout
                let row =
                    starting ? layout.firstRow(startingAtOrAfter: y - s.top) : layout.firstRow(endingAfter: y - s.top)
                local = layout.itemStart(ofRow: row)
            } else if starting {
                local = estimate.firstItem(startingAtOrAfter: y - s.top, count: s.count)
            } else {
                local = estimate.firstItem(endingAfter: y - s.top, count: s.count)
            }
            if local < s.count { return s.start + local }
        }
        return count
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
        var walk = segments(justified: justified, estimate: estimate)
        while let s = walk.next(), s.start < range.upperBound {
            let lo = range.lowerBound > s.start ? range.lowerBound : s.start
            let hi = range.upperBound < s.end ? range.upperBound : s.end
            guard lo < hi else { continue }
            let target = out + 4 * (lo - range.lowerBound)
            if let run = s.run {
                run.layout.writeFrames(of: (lo - s.start)..<(hi - s.start), originY: originY - s.top, into: target)
                continue
            }
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
}
