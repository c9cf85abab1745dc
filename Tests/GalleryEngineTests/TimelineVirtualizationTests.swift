import Testing

@testable import GalleryEngine

/// Virtualization across months at 10 M photos, through `ScrollSpace`.
@Suite("Timeline virtualization")
struct TimelineVirtualizationTests {
    /// 125 months of varying size adding up to exactly 10 000 000 photos.
    static func tenMillion() -> [TimelineMonth] {
        var counts: [Int] = []
        var s: UInt32 = 12345
        for _ in 0..<124 {
            s ^= s << 13
            s ^= s >> 17
            s ^= s << 5
            counts.append(40_000 + Int(s % 80_000))
        }
        counts.append(10_000_000 - counts.reduce(0, +))
        #expect(counts.last! > 0)
        return TimelineLayoutTests.months(counts)
    }

    /// Checks a band's spans against the frames: every listed photo's row
    /// intersects the band, and the photos just outside each span do not.
    static func checkSpans(_ t: TimelineLayout, _ spans: [TimelineSpan], top: Double, bottom: Double) {
        func intersects(_ s: Int, _ i: Int) -> Bool {
            let f = t.frame(section: s, item: i)!
            return f.maxY > top && f.minY < bottom
        }
        for span in spans {
            let count = t.month(of: span.section)!.count
            if !span.items.isEmpty {
                #expect(intersects(span.section, span.items.lowerBound))
                #expect(intersects(span.section, span.items.upperBound - 1))
            }
            if span.items.lowerBound > 0 && !span.items.isEmpty {
                #expect(!intersects(span.section, span.items.lowerBound - 1))
            }
            if span.items.upperBound < count { #expect(!intersects(span.section, span.items.upperBound)) }
            let h = t.headerFrame(ofSection: span.section)
            #expect(span.headerIntersects == (h.maxY > top && h.minY < bottom))
        }
        // Consecutive months, nothing skipped.
        for k in 1..<max(1, spans.count) { #expect(spans[k].section == spans[k - 1].section + 1) }
    }

    @Test(arguments: [LayoutConfiguration.Style.justified, .grid])
    func tenMillionPhotosAreScrollableEndToEnd(style: LayoutConfiguration.Style) {
        var layout = TimelineLayoutTests.justified
        if style == .grid { layout = TimelineLayoutTests.grid }
        let t = TimelineLayout(configuration: TimelineConfiguration(layout: layout, yearHeaderHeight: 24))
        t.setMonths(Self.tenMillion())
        #expect(t.itemCount == 10_000_000)
        let viewport = 900.0
        let space = ScrollSpace(contentHeight: t.contentHeight, viewportHeight: viewport)
        #expect(space.isScaled)
        #expect(space.scrollHeight <= ScrollSpace.defaultMaximumScrollHeight)

        // Top: the first month's header and first photo.
        let top = t.window(contentOffset: space.contentOffset(forScrollTop: 0), viewportHeight: viewport)
        #expect(top.visible.first?.section == 0)
        #expect(top.visible.first?.headerIntersects == true)
        #expect(top.visible.first?.items.lowerBound == 0)
        Self.checkSpans(t, top.visible, top: 0, bottom: viewport)

        // Middle: the photo at the middle of the scrollbar is the one at half the content.
        let middleScroll = (space.scrollHeight - viewport) / 2
        let middle = space.contentOffset(forScrollTop: middleScroll)
        #expect(isClose(middle, (t.contentHeight - viewport) / 2, 1e-3))
        let mid = t.window(contentOffset: middle, viewportHeight: viewport, velocity: 3)
        #expect(!mid.visible.isEmpty)
        Self.checkSpans(t, mid.visible, top: middle, bottom: middle + viewport)
        let (above, below) = Virtualizer.Configuration().margins(viewportHeight: viewport, velocity: 3)
        #expect(below > above)
        Self.checkSpans(t, mid.overscan, top: middle - above, bottom: middle + viewport + below)
        let firstVisible = t.sectionFirstItem(mid.visible[0].section) + mid.visible[0].items.lowerBound
        #expect(firstVisible > 4_000_000 && firstVisible < 6_000_000)

        // End: the last month's last photo.
        let endOffset = space.contentOffset(forScrollTop: space.scrollHeight)
        let end = t.window(contentOffset: endOffset, viewportHeight: viewport)
        #expect(end.visible.last?.section == t.sectionCount - 1)
        #expect(end.visible.last?.items.upperBound == t.month(of: t.sectionCount - 1)!.count)
        Self.checkSpans(t, end.visible, top: endOffset, bottom: endOffset + viewport)

        // Every point of the scrollbar maps to a window with photos in it.
        var scrollTop = 0.0
        while scrollTop < space.scrollHeight {
            let offset = space.contentOffset(forScrollTop: scrollTop)
            let w = t.window(contentOffset: offset, viewportHeight: viewport)
            #expect(w.visible.contains { !$0.items.isEmpty }, "scrollTop \(scrollTop)")
            scrollTop += 99_991
        }
    }

    @Test func loadedRunsAndEstimatesShareOneWindow() {
        let t = TimelineLayout(configuration: TimelineConfiguration(layout: TimelineLayoutTests.justified))
        t.setMonths(Self.tenMillion())
        // Part of month 60 loaded, around where the view is.
        let aspects = pseudoRandomAspects(1000)
        t.setItems(section: 60, start: 20_000, aspectRatios: aspects, anchorY: 0)
        let offset = t.frame(section: 60, item: 20_500)!.y - 450
        let w = t.window(contentOffset: offset, viewportHeight: 900)
        #expect(w.visible.count == 1 && w.visible[0].section == 60)
        #expect(w.visible[0].items.contains(20_500))
        Self.checkSpans(t, w.visible, top: offset, bottom: offset + 900)
        // Frames written for the window match the frames asked one by one, relative to the origin.
        let range = w.visible[0].items
        var out = [Float](repeating: 0, count: 4 * range.count)
        let written = out.withUnsafeMutableBufferPointer {
            t.writeFrames(section: 60, items: range, originY: offset, into: $0.baseAddress!)
        }
        #expect(written == range.count)
        for (k, i) in range.enumerated() {
            let f = t.frame(section: 60, item: i)!
            #expect(out[4 * k] == Float(f.x) && out[4 * k + 1] == Float(f.y - offset))
            #expect(out[4 * k + 2] == Float(f.width) && out[4 * k + 3] == Float(f.height))
            #expect(t.item(at: Point(x: f.midX, y: f.midY))! == (60, i))
        }
        // A window straddling an estimated gap and the run.
        let edge = t.frame(section: 60, item: 20_000)!.y - 450
        let straddle = t.window(contentOffset: edge, viewportHeight: 900).visible
        #expect(straddle[0].items.lowerBound < 20_000 && straddle[0].items.upperBound > 20_000)
        Self.checkSpans(t, straddle, top: edge, bottom: edge + 900)
    }
}
