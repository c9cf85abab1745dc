/// What the viewer looks at, held by identity rather than by position, so it
/// can be found again after the layout above it changed.
///
/// An anchor names a photo (its month and its index in the month) or a month's
/// header, and the distance from the top of that photo's row (or header) to the
/// anchor point. A photo not loaded yet is anchored in its estimated row; once
/// its page arrives, its exact row takes over.
public struct TimelineAnchor: Equatable, Sendable {
    public var section: Int
    /// Index in the month, or −1 for the month's header.
    public var item: Int
    /// Anchor point minus the top of the photo's row (or the header).
    public var offset: Double

    public init(section: Int, item: Int, offset: Double) {
        self.section = section
        self.item = item
        self.offset = offset
    }
}

extension TimelineLayout {
    /// The photo or header at content point (`x`, `y`): in the row that ends
    /// below `y` (a point in the spacing above a row anchors to that row), the
    /// last photo starting at or left of `x` (the row's first photo by
    /// default); above a month's first row, its header. Nil when there are no
    /// months.
    ///
    /// Which photo of the row matters when rows re-break (a resize, or a run
    /// re-laid around the anchor): pass the x the viewer looks at.
    public func anchor(atContentY y: Double, x: Double = -.infinity) -> TimelineAnchor? {
        guard let s = section(at: y) else { return nil }
        let section = sections[s]
        let top = bodyTop(s)
        guard y >= top, section.count > 0 else { return TimelineAnchor(section: s, item: -1, offset: y - tops[s]) }
        var item = section.firstItem(endingAfter: y - top, justified: justified, estimate: estimate)
        if item >= section.count { item = section.count - 1 }
        guard var frame = section.frame(ofItem: item, justified: justified, estimate: estimate) else {
            return TimelineAnchor(section: s, item: -1, offset: y - tops[s])
        }
        let rowTop = frame.y
        while item + 1 < section.count,
            let next = section.frame(ofItem: item + 1, justified: justified, estimate: estimate),
            next.y == rowTop, next.x <= x
        {
            item += 1
            frame = next
        }
        return TimelineAnchor(section: s, item: item, offset: y - (top + rowTop))
    }

    /// Content y of the anchor point now. A photo index past its month's end
    /// (photos removed) falls back to the month's last photo or its header; a
    /// section past the end, to the end of the content.
    public func contentY(of anchor: TimelineAnchor) -> Double {
        let s = anchor.section
        guard s >= 0, s < sections.count else { return contentHeight }
        let section = sections[s]
        guard anchor.item >= 0, section.count > 0 else { return tops[s] + anchor.offset }
        let item = anchor.item < section.count ? anchor.item : section.count - 1
        let rowTop = section.frame(ofItem: item, justified: justified, estimate: estimate)?.y ?? 0
        return bodyTop(s) + rowTop + anchor.offset
    }

    /// How far the anchor moved from `anchorY` (0 without an anchor).
    func correction(_ anchor: TimelineAnchor?, _ anchorY: Double) -> Double {
        guard let anchor, anchorY.isFinite else { return 0 }
        return contentY(of: anchor) - anchorY
    }
}
