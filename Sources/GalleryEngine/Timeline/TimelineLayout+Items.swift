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

    /// Replaces the `removing` photos at `index` of section `s` by new ones whose aspects are known (a
    /// live change). The month's count follows; if the anchored photo is in that month after them, the
    /// anchor follows it to its new index, so a photo arriving or leaving above the viewport moves
    /// nothing on screen. Returns the scroll correction.
    @discardableResult
    public func spliceItems(
        section s: Int, at index: Int, removing: Int, aspectRatios: UnsafeBufferPointer<Float>, anchorY: Double
    ) -> Double {
        let n = aspectRatios.count
        guard s >= 0, s < sections.count, index >= 0, removing >= 0, n + removing > 0,
            index <= sections[s].count - removing, sections[s].count - removing <= Self.maximumMonthCount - n
        else { return 0 }
        var anchor = self.anchor(atContentY: anchorY)
        if let a = anchor, a.section == s, a.item >= index + removing { anchor?.item = a.item + n - removing }
        sections[s].splice(at: index, removing: removing, aspects: aspectRatios, configuration: runLayout)
        sections[s].bodyHeight = sections[s].measureBody(justified: justified, estimate: estimate)
        updateTops(from: s)
        return correction(anchor, anchorY)
    }

    /// Inserts new photos at `index` of section `s`, their aspects known; returns the scroll correction.
    @discardableResult
    public func insertItems(section s: Int, at index: Int, aspectRatios: [Float], anchorY: Double) -> Double {
        aspectRatios.withUnsafeBufferPointer {
            spliceItems(section: s, at: index, removing: 0, aspectRatios: $0, anchorY: anchorY)
        }
    }

    /// Removes photo `index` of section `s`; returns the scroll correction.
    @discardableResult
    public func removeItem(section s: Int, at index: Int, anchorY: Double) -> Double {
        spliceItems(
            section: s, at: index, removing: 1, aspectRatios: UnsafeBufferPointer(start: nil, count: 0),
            anchorY: anchorY)
    }
}
