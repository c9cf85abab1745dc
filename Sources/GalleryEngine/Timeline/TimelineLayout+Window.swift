/// The part of one month inside a band of content: whether its header is in
/// the band and which of its photos are (indices in the month).
public struct TimelineSpan: Equatable, Sendable {
    public var section: Int
    public var items: Range<Int>
    public var headerIntersects: Bool

    public init(section: Int, items: Range<Int>, headerIntersects: Bool) {
        self.section = section
        self.items = items
        self.headerIntersects = headerIntersects
    }
}

extension TimelineLayout {
    /// Months that intersect the band `top..<bottom`, top to bottom, with the
    /// photos of each inside it. O(log months + months in the band × (runs +
    /// log rows)): nothing is materialised per photo, loaded or not.
    public func spans(top: Double, bottom: Double) -> [TimelineSpan] {
        var out: [TimelineSpan] = []
        guard bottom > top, var s = section(at: top) else { return out }
        while s < sections.count && tops[s] < bottom {
            let section = sections[s]
            let body = bodyTop(s)
            let headerIntersects = section.headerHeight > 0 && body > top
            let items = section.items(
                intersectingTop: top - body, bottom: bottom - body, justified: justified, estimate: estimate)
            if headerIntersects || !items.isEmpty {
                out.append(TimelineSpan(section: s, items: items, headerIntersects: headerIntersects))
            }
            s += 1
        }
        return out
    }

    /// Frame of photo `index` of section `s` in content coordinates: exact when
    /// loaded (or in the grid), estimated otherwise. Nil for an unknown photo.
    public func frame(section s: Int, item index: Int) -> Rect? {
        guard s >= 0, s < sections.count,
            var f = sections[s].frame(ofItem: index, justified: justified, estimate: estimate)
        else { return nil }
        f.y += bodyTop(s)
        return f
    }

    /// Writes `x, y − originY, width, height` as `Float`s (4 per photo) for
    /// photos `range` of section `s`, clipped to the month; returns how many
    /// photos were written. Subtract the viewport's content offset as `originY`
    /// so `Float`s stay exact deep in a large library (see ``ScrollSpace``).
    @discardableResult
    public func writeFrames(
        section s: Int, items range: Range<Int>, originY: Double, into out: UnsafeMutablePointer<Float>
    ) -> Int {
        guard s >= 0, s < sections.count else { return 0 }
        let lo = range.lowerBound > 0 ? range.lowerBound : 0
        let hi = range.upperBound < sections[s].count ? range.upperBound : sections[s].count
        guard lo < hi else { return 0 }
        sections[s].writeFrames(
            of: lo..<hi, originY: originY - bodyTop(s), justified: justified, estimate: estimate, into: out)
        return hi - lo
    }

    /// The photo under a content point: (section, index in the month), or nil
    /// for headers, gaps and insets.
    public func item(at point: Point) -> (section: Int, item: Int)? {
        guard let s = section(at: point.y) else { return nil }
        let section = sections[s]
        let y = point.y - bodyTop(s)
        let i = section.firstItem(endingAfter: y, justified: justified, estimate: estimate)
        var k = i
        while k < section.count, let f = section.frame(ofItem: k, justified: justified, estimate: estimate),
            f.y <= y
        {
            if point.x >= f.x && point.x < f.maxX && y < f.maxY { return (s, k) }
            if point.x < f.x { return nil }
            k += 1
        }
        return nil
    }
}
