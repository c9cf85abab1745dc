extension TimelineLayout {
    /// Stores the aspects of photos `start..<start + aspectRatios.count` of
    /// section `s` (a page that arrived; what falls outside the month is
    /// ignored) and lays them out exactly. Returns the scroll correction that
    /// keeps what was at content y `anchorY` where it is on screen.
    @discardableResult
    public func setItems(
        section s: Int, start: Int, aspectRatios: UnsafeBufferPointer<Float>, anchorY: Double
    )
        -> Double
    {
        guard s >= 0, s < sections.count, start >= 0, start < sections[s].count else { return 0 }
        let room = sections[s].count - start
        let n = aspectRatios.count < room ? aspectRatios.count : room
        guard n > 0 else { return 0 }
        let anchor = self.anchor(atContentY: anchorY)
        sections[s].setItems(
            start: start, aspects: UnsafeBufferPointer(rebasing: aspectRatios[0..<n]), configuration: runLayout)
        sections[s].bodyHeight = sections[s].measureBody(justified: justified, estimate: estimate)
        updateTops(from: s)
        return correction(anchor, anchorY)
    }

    /// Convenience for Swift callers.
    @discardableResult
    public func setItems(section s: Int, start: Int, aspectRatios: [Float], anchorY: Double) -> Double {
        aspectRatios.withUnsafeBufferPointer { setItems(section: s, start: start, aspectRatios: $0, anchorY: anchorY) }
    }

    /// Inserts new photos (a live change) at `index` of section `s`, their
    /// aspects known. The month grows; if the anchored photo is in that month
    /// at or after `index`, the anchor follows it to its new index, so a
    /// photo arriving above the viewport does not push the view down. Returns
    /// the scroll correction.
    @discardableResult
    public func insertItems(
        section s: Int, at index: Int, aspectRatios: UnsafeBufferPointer<Float>, anchorY: Double
    )
        -> Double
    {
        let n = aspectRatios.count
        guard s >= 0, s < sections.count, n > 0, index >= 0, index <= sections[s].count,
            sections[s].count <= Self.maximumMonthCount - n
        else { return 0 }
        var anchor = self.anchor(atContentY: anchorY)
        if let a = anchor, a.section == s, a.item >= index { anchor?.item = a.item + n }
        sections[s].insertItems(at: index, aspects: aspectRatios, configuration: runLayout)
        sections[s].bodyHeight = sections[s].measureBody(justified: justified, estimate: estimate)
        updateTops(from: s)
        return correction(anchor, anchorY)
    }

    /// Convenience for Swift callers.
    @discardableResult
    public func insertItems(section s: Int, at index: Int, aspectRatios: [Float], anchorY: Double) -> Double {
        aspectRatios.withUnsafeBufferPointer { insertItems(section: s, at: index, aspectRatios: $0, anchorY: anchorY) }
    }
}
