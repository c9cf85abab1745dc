import Testing

@testable import GalleryEngine

/// Months laid out from their counts, then exactly as their photos arrive.
@Suite("Timeline layout")
struct TimelineLayoutTests {
    static let grid = LayoutConfiguration.grid(width: 1000, minimumTileWidth: 150, spacing: 2, headerHeight: 30)
    static let justified = LayoutConfiguration.justified(
        width: 1200, targetRowHeight: 200, spacing: 4, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12),
        headerHeight: 40)

    /// The mean aspect the justified packing actually uses for these photos.
    static func meanClampedAspect(_ aspects: [Float], _ c: LayoutConfiguration) -> Double {
        let clamp = JustifiedLayout.AspectClamp(c)
        return aspects.reduce(0.0) { $0 + clamp($1) } / Double(aspects.count)
    }

    /// The height a flat `GalleryLayout` gives these photos in the timeline's run configuration.
    static func flatHeight(_ aspects: [Float], _ c: TimelineConfiguration) -> Double {
        let l = GalleryLayout(configuration: c.runLayout)
        l.append(aspectRatios: aspects)
        return l.contentHeight
    }

    static func months(_ counts: [Int], year: Int32 = 2026) -> [TimelineMonth] {
        counts.enumerated().map { k, n in
            TimelineMonth(year: year - Int32(k / 12), month: Int32(12 - k % 12), count: n)
        }
    }

    @Test func gridSectionsAreExactFromCounts() {
        let c = TimelineConfiguration(layout: Self.grid, yearHeaderHeight: 20)
        let t = TimelineLayout(configuration: c)
        let counts = [100, 37, 1, 0, 250, 6, 7]
        t.setMonths(Self.months(counts))
        #expect(t.sectionCount == counts.count)
        #expect(t.itemCount == counts.reduce(0, +))
        for (s, n) in counts.enumerated() {
            #expect(t.sectionBodyHeight(s) == Self.flatHeight([Float](repeating: 1, count: n), c), "section \(s)")
        }
        // Loading a month's photos changes nothing in the grid: the estimate was exact.
        let before = t.contentHeight
        let correction = t.setItems(section: 0, start: 0, aspectRatios: pseudoRandomAspects(100), anchorY: 5000)
        #expect(correction == 0)
        #expect(t.contentHeight == before)
        #expect(t.isLoaded(section: 0, item: 99) && !t.isLoaded(section: 1, item: 0))
    }

    @Test func headersOpenYearsAndTopsArePrefixSums() {
        let c = TimelineConfiguration(layout: Self.grid, yearHeaderHeight: 20)
        let t = TimelineLayout(configuration: c)
        t.setMonths(Self.months([Int](repeating: 10, count: 30)))
        var y = 0.0
        for s in 0..<t.sectionCount {
            #expect(t.sectionTop(s) == y)
            let opens = s % 12 == 0
            #expect(t.sectionOpensYear(s) == opens)
            #expect(t.sectionHeaderHeight(s) == 30 + (opens ? 20 : 0))
            #expect(t.headerFrame(ofSection: s).height == t.sectionHeaderHeight(s))
            #expect(t.sectionFirstItem(s) == 10 * s)
            y += t.sectionHeaderHeight(s) + t.sectionBodyHeight(s) + 2
        }
        #expect(t.contentHeight == y)
        // The section at an offset is the last whose top is at or above it.
        var probe = -100.0
        while probe < t.contentHeight + 100 {
            let s = t.section(at: probe)!
            let linear = (0..<t.sectionCount).last { t.sectionTop($0) <= probe } ?? 0
            #expect(s == linear, "offset \(probe)")
            probe += 37.5
        }
    }

    @Test func justifiedEstimateIsCloseAndLoadingMakesItExact() {
        let aspects = pseudoRandomAspects(5000)
        let mean = Self.meanClampedAspect(aspects, Self.justified)
        let c = TimelineConfiguration(layout: Self.justified, averageAspectRatio: mean)
        let t = TimelineLayout(configuration: c)
        t.setMonths(Self.months([5000, 300]))
        let exact = Self.flatHeight(aspects, c)
        let estimated = t.sectionBodyHeight(0)
        #expect(abs(estimated - exact) / exact < 0.05, "estimated \(estimated), exact \(exact)")

        // Loaded page by page, in order: the same as laying the month out at once.
        var at = 0
        while at < 5000 {
            let n = min(200, 5000 - at)
            t.setItems(section: 0, start: at, aspectRatios: Array(aspects[at..<(at + n)]), anchorY: 0)
            at += n
        }
        #expect(t.loadedRanges(ofSection: 0) == [0..<5000])
        #expect(t.sectionBodyHeight(0) == exact)
        #expect(t.sectionTop(1) == 10 + t.sectionHeaderHeight(0) + exact + 4)
        let flat = GalleryLayout(configuration: c.runLayout)
        flat.append(aspectRatios: aspects)
        for i in stride(from: 0, to: 5000, by: 313) {
            var f = flat.frame(ofItem: i)
            f.y += t.sectionTop(0) + t.sectionHeaderHeight(0)
            #expect(t.frame(section: 0, item: i) == f)
        }
    }

    @Test func pagesOutOfOrderMergeIntoOneExactRun() {
        let aspects = pseudoRandomAspects(1000, seed: 7)
        let c = TimelineConfiguration(layout: Self.justified, averageAspectRatio: 1.2)
        let t = TimelineLayout(configuration: c)
        t.setMonths(Self.months([1000]))
        let estimate = EstimatedRows(t.configuration)
        t.setItems(section: 0, start: 400, aspectRatios: Array(aspects[400..<600]), anchorY: 0)
        let run = Self.flatHeight(Array(aspects[400..<600]), c)
        #expect(t.sectionBodyHeight(0) == estimate.height(400) + 4 + run + 4 + estimate.height(400))
        t.setItems(section: 0, start: 800, aspectRatios: Array(aspects[800..<1000]), anchorY: 0)
        t.setItems(section: 0, start: 0, aspectRatios: Array(aspects[0..<400]), anchorY: 0)
        #expect(t.loadedRanges(ofSection: 0) == [0..<600, 800..<1000])
        // Overlapping the neighbours on both sides joins everything.
        t.setItems(section: 0, start: 550, aspectRatios: Array(aspects[550..<850]), anchorY: 0)
        #expect(t.loadedRanges(ofSection: 0) == [0..<1000])
        #expect(t.sectionBodyHeight(0) == Self.flatHeight(aspects, c))
        // A page past the month's end is clipped; a page outside it is ignored.
        #expect(t.setItems(section: 0, start: 990, aspectRatios: Array(aspects[0..<50]), anchorY: 0) == 0)
        #expect(t.setItems(section: 0, start: 1000, aspectRatios: [1, 1], anchorY: 0) == 0)
        #expect(t.setItems(section: 5, start: 0, aspectRatios: [1, 1], anchorY: 0) == 0)
    }

    @Test func resizingReLaysRunsAndKeepsTheAnchor() {
        let aspects = pseudoRandomAspects(3000)
        let t = TimelineLayout(configuration: TimelineConfiguration(layout: Self.justified))
        t.setMonths(Self.months([3000, 3000, 3000]))
        t.setItems(section: 1, start: 0, aspectRatios: aspects, anchorY: 0)
        let item = t.frame(section: 1, item: 1234)!
        let anchorY = item.y + 5
        var narrow = Self.justified
        narrow.width = 700
        let correction = t.reconfigure(TimelineConfiguration(layout: narrow), anchorX: item.midX, anchorY: anchorY)
        let moved = t.frame(section: 1, item: 1234)!
        #expect(isClose(moved.y + 5, anchorY + correction))
        #expect(t.sectionBodyHeight(1) == Self.flatHeight(aspects, TimelineConfiguration(layout: narrow)))
    }

    @Test func removingAPhotoClosesItsRunAndMovesTheRunsAfterIt() {
        let aspects = pseudoRandomAspects(300)
        let t = TimelineLayout(configuration: TimelineConfiguration(layout: Self.justified))
        t.setMonths(Self.months([300, 300]))
        t.setItems(section: 0, start: 0, aspectRatios: Array(aspects[0..<100]), anchorY: 0)
        t.setItems(section: 0, start: 150, aspectRatios: [2], anchorY: 0)
        t.setItems(section: 0, start: 200, aspectRatios: Array(aspects[200..<300]), anchorY: 0)
        t.removeItem(section: 0, at: 50, anchorY: 0)
        #expect(t.month(of: 0)?.count == 299 && t.itemCount == 599)
        #expect(t.loadedRanges(ofSection: 0) == [0..<99, 149..<150, 199..<299])
        // The run closed over the photo: what follows it is laid out as the month without it.
        let without = Array(aspects[0..<50]) + Array(aspects[51..<100])
        let fresh = TimelineLayout(configuration: TimelineConfiguration(layout: Self.justified))
        fresh.setMonths(Self.months([299, 300]))
        fresh.setItems(section: 0, start: 0, aspectRatios: without, anchorY: 0)
        #expect(t.frame(section: 0, item: 60) == fresh.frame(section: 0, item: 60))
        t.removeItem(section: 0, at: 149, anchorY: 0)  // a run of one goes
        #expect(t.loadedRanges(ofSection: 0) == [0..<99, 198..<298])
        t.removeItem(section: 0, at: 120, anchorY: 0)  // a photo not loaded: the runs after it move up
        #expect(t.loadedRanges(ofSection: 0) == [0..<99, 197..<297] && t.month(of: 0)?.count == 297)
        #expect(t.removeItem(section: 0, at: 297, anchorY: 0) == 0 && t.removeItem(section: 2, at: 0, anchorY: 0) == 0)
        #expect(t.month(of: 0)?.count == 297)
    }

    @Test func hostileInputNeverTraps() {
        let t = TimelineLayout(
            configuration: TimelineConfiguration(layout: Self.justified, averageAspectRatio: .nan, yearHeaderHeight: -5)
        )
        #expect(t.section(at: 100) == nil)
        #expect(t.anchor(atContentY: 0) == nil)
        #expect(t.spans(top: 0, bottom: 1000).isEmpty)
        t.setMonths([
            TimelineMonth(year: 2026, month: 1, count: -5), TimelineMonth(year: 2025, month: 99, count: Int.max),
            TimelineMonth(year: 2025, month: 1, count: 3),
        ])
        #expect(t.month(of: 0)?.count == 0)
        #expect(t.month(of: 1)?.count == TimelineLayout.maximumMonthCount)
        #expect(t.contentHeight.isFinite)
        for y in [-1e300, -1, 0, .nan, .infinity, 1e300, t.contentHeight / 2] {
            _ = t.spans(top: y, bottom: y + 900)
            _ = t.window(contentOffset: y, viewportHeight: 900, velocity: y)
            if let a = t.anchor(atContentY: y) { _ = t.contentY(of: a) }
            _ = t.item(at: Point(x: 100, y: y))
        }
        #expect(t.frame(section: -1, item: 0) == nil)
        #expect(t.frame(section: 2, item: 3) == nil)
        #expect(t.insertItems(section: 1, at: 0, aspectRatios: [1], anchorY: 0) == 0)
        #expect(t.insertItems(section: 2, at: 9, aspectRatios: [1], anchorY: 0) == 0)
        #expect(t.setItems(section: 2, start: -1, aspectRatios: [1], anchorY: 0) == 0)
        _ = t.contentY(of: TimelineAnchor(section: 99, item: 5, offset: 0))
        _ = t.contentY(of: TimelineAnchor(section: 2, item: 99, offset: 0))
        var out = [Float](repeating: 0, count: 16)
        out.withUnsafeMutableBufferPointer {
            #expect(t.writeFrames(section: 2, items: -5..<100, originY: 0, into: $0.baseAddress!) == 3)
            #expect(t.writeFrames(section: 9, items: 0..<1, originY: 0, into: $0.baseAddress!) == 0)
        }
    }
}
