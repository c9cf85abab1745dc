/// A whole library laid out month by month before its photos are loaded.
///
/// Each month (newest first, as `GET /api/v1/timeline` lists them) is a
/// section: a header, then its photos. A month's height is estimated from its
/// count (``EstimatedRows``: exact for the 4:3 grid, an average-aspect grid for
/// justified rows) and becomes exact, run by run, as its pages arrive
/// (``setItems(section:start:aspectRatios:anchorY:)``). Only loaded photos
/// cost memory (~12 bytes each, in their runs' ``GalleryLayout``s); a month
/// not loaded is three numbers, so 10 M photos over 120 months cost nothing
/// per photo until they are shown.
///
/// Sections' tops are a prefix sum, kept up to date from the first section a
/// change touches (O(months)); finding the section at an offset is a binary
/// search (O(log months)); within a section, O(runs + log rows).
///
/// **Headers.** Every month has a header of `layout.headerHeight`; the newest
/// month of each year (the first section, and each one whose year differs from
/// the section above) has `yearHeaderHeight` more, where the client draws the
/// year. Below a month's last row comes one `spacing`, then the next header.
///
/// **Anchoring.** Every change takes an `anchorY` (content y of the point the
/// viewer looks at, e.g. the viewport's top) and returns the scroll correction:
/// how far the photo or header that was at `anchorY` moved. Adding it to the
/// scroll offset keeps that photo still on screen (see ``TimelineAnchor``).
///
/// Counts are clamped to `0...maximumMonthCount` and everything is checked, so
/// no server answer or client call can trap.
public final class TimelineLayout {
    /// The most photos one month may hold (keeps indices within a wasm32 `Int`).
    public static let maximumMonthCount = 1 << 30

    public private(set) var configuration: TimelineConfiguration
    var sections: [TimelineSection] = []
    /// Content y of each section's header.
    var tops: [Double] = []
    /// Index of each section's first photo in the whole library (saturating).
    var firstItems: [Int] = []
    var estimate: EstimatedRows
    var runLayout: LayoutConfiguration

    public private(set) var contentHeight: Double = 0
    /// Photos in the library (saturating at `Int.max`).
    public private(set) var itemCount: Int = 0

    public init(configuration: TimelineConfiguration) {
        let c = configuration.sanitized()
        self.configuration = c
        estimate = EstimatedRows(c)
        runLayout = c.runLayout
        contentHeight = c.layout.insets.top + c.layout.insets.bottom
    }

    public var sectionCount: Int { sections.count }
    var justified: Bool { configuration.layout.style == .justified }

    // MARK: Months

    /// Replaces the library by these months (newest first): every section starts estimated.
    public func setMonths(_ months: [TimelineMonth]) {
        sections = []
        for m in months {
            sections.append(TimelineSection(year: m.year, month: m.month, count: Self.clampCount(m.count)))
        }
        relayoutAll()
    }

    /// The same from packed `[year, month, count]` triples (the wasm input).
    public func setMonths(packed: UnsafeBufferPointer<Int32>) {
        sections = []
        var k = 0
        while k + 2 < packed.count {
            sections.append(
                TimelineSection(year: packed[k], month: packed[k + 1], count: Self.clampCount(Int(packed[k + 2]))))
            k += 3
        }
        relayoutAll()
    }

    static func clampCount(_ n: Int) -> Int { n > 0 ? (n < maximumMonthCount ? n : maximumMonthCount) : 0 }

    /// Changes the configuration (a resize, a change of style) and re-lays every
    /// loaded run; returns the correction that keeps the photo at (`anchorX`,
    /// `anchorY`) at the same height on screen.
    @discardableResult
    public func reconfigure(
        _ configuration: TimelineConfiguration, anchorX: Double = -.infinity, anchorY: Double
    )
        -> Double
    {
        let anchor = self.anchor(atContentY: anchorY, x: anchorX)
        let c = configuration.sanitized()
        self.configuration = c
        estimate = EstimatedRows(c)
        runLayout = c.runLayout
        for s in sections { s.reconfigureRuns(runLayout) }
        relayoutAll()
        return correction(anchor, anchorY)
    }

    /// Headers, body heights, tops and first items of every section.
    func relayoutAll() {
        for s in 0..<sections.count {
            sections[s].headerHeight = headerHeight(of: s)
            sections[s].bodyHeight = sections[s].measureBody(justified: justified, estimate: estimate)
        }
        updateTops(from: 0)
    }

    func headerHeight(of s: Int) -> Double {
        let l = configuration.layout
        let opensYear = s == 0 || sections[s - 1].year != sections[s].year
        return l.headerHeight + (opensYear ? configuration.yearHeaderHeight : 0)
    }

    /// Height of section `s`: header, body and the spacing below a non-empty body.
    func height(of s: Int) -> Double {
        let section = sections[s]
        return section.headerHeight + section.bodyHeight
            + (section.bodyHeight > 0 ? configuration.layout.spacing : 0)
    }

    /// Recomputes the prefix sums from section `first` on.
    func updateTops(from first: Int) {
        let n = sections.count
        if tops.count != n {
            tops = [Double](repeating: 0, count: n)
            firstItems = [Int](repeating: 0, count: n)
        }
        var s = first > 0 ? (first < n ? first : n) : 0
        var y = s > 0 ? tops[s - 1] + height(of: s - 1) : configuration.layout.insets.top
        var items = s > 0 ? Self.add(firstItems[s - 1], sections[s - 1].count) : 0
        while s < n {
            tops[s] = y
            firstItems[s] = items
            y += height(of: s)
            items = Self.add(items, sections[s].count)
            s += 1
        }
        contentHeight = y + configuration.layout.insets.bottom
        itemCount = items
    }

    /// Saturating addition of non-negative counts.
    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    // MARK: Sections

    /// The section whose extent holds content y `y` (the first for offsets above
    /// it, the last below it); nil when there are no months. O(log months).
    public func section(at y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        var lo = 0
        var hi = tops.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if tops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    public func month(of s: Int) -> TimelineMonth? {
        guard s >= 0, s < sections.count else { return nil }
        let section = sections[s]
        return TimelineMonth(year: section.year, month: section.month, count: section.count)
    }

    /// Content y of section `s`'s header (0 for an unknown section).
    public func sectionTop(_ s: Int) -> Double { s >= 0 && s < tops.count ? tops[s] : 0 }

    /// Height of section `s`'s header (month, and year when it opens one).
    public func sectionHeaderHeight(_ s: Int) -> Double {
        s >= 0 && s < sections.count ? sections[s].headerHeight : 0
    }

    /// Height of section `s`'s photos, estimated where they are not loaded.
    public func sectionBodyHeight(_ s: Int) -> Double { s >= 0 && s < sections.count ? sections[s].bodyHeight : 0 }

    /// Index in the whole library of section `s`'s first photo.
    public func sectionFirstItem(_ s: Int) -> Int { s >= 0 && s < firstItems.count ? firstItems[s] : 0 }

    /// Whether section `s` opens a year (its header carries the year).
    public func sectionOpensYear(_ s: Int) -> Bool {
        s >= 0 && s < sections.count && (s == 0 || sections[s - 1].year != sections[s].year)
    }

    /// Content y of the top of section `s`'s first row.
    func bodyTop(_ s: Int) -> Double { tops[s] + sections[s].headerHeight }

    /// Header frame of section `s` (full content width).
    public func headerFrame(ofSection s: Int) -> Rect {
        let l = configuration.layout
        return Rect(x: l.insets.left, y: sectionTop(s), width: l.contentWidth, height: sectionHeaderHeight(s))
    }

    /// Photo runs of section `s` whose aspects are loaded, in order.
    public func loadedRanges(ofSection s: Int) -> [Range<Int>] {
        guard s >= 0, s < sections.count else { return [] }
        var out: [Range<Int>] = []
        for run in sections[s].runs { out.append(run.start..<run.end) }
        return out
    }

    /// Whether photo `index` of section `s` has its aspect loaded.
    public func isLoaded(section s: Int, item index: Int) -> Bool {
        guard s >= 0, s < sections.count else { return false }
        for run in sections[s].runs where index >= run.start && index < run.end { return true }
        return false
    }
}
