import Testing

@testable import GalleryEngine

@Suite("Virtualization")
struct VirtualizerTests {
    func makeLayout(_ n: Int) -> GalleryLayout {
        let l = GalleryLayout(configuration: .justified(width: 1200, targetRowHeight: 200, spacing: 4))
        l.reserveCapacity(n)
        l.append(aspectRatios: pseudoRandomAspects(n))
        return l
    }

    /// Brute-force reference: items whose frames intersect the band.
    func reference(_ l: GalleryLayout, _ top: Double, _ bottom: Double) -> Range<Int> {
        var lo = -1
        var hi = -1
        for i in 0..<l.itemCount {
            let f = l.frame(ofItem: i)
            if f.maxY > top && f.minY < bottom {
                if lo < 0 { lo = i }
                hi = i + 1
            }
        }
        return lo < 0 ? 0..<0 : lo..<hi
    }

    @Test func visibleRangeMatchesBruteForce() {
        let l = makeLayout(2000)
        var v = Virtualizer()
        var offset = 0.0
        while offset < l.contentHeight {
            let u = v.update(layout: l, contentOffset: offset, viewportHeight: 900)
            let ref = reference(l, offset, offset + 900)
            #expect(u.visible == ref, "offset \(offset)")
            #expect(u.prefetch.lowerBound <= u.visible.lowerBound && u.prefetch.upperBound >= u.visible.upperBound)
            offset += 1733
        }
    }

    @Test func bothEnds() {
        let l = makeLayout(1000)
        var v = Virtualizer()
        let top = v.update(layout: l, contentOffset: 0, viewportHeight: 800)
        #expect(top.visible.lowerBound == 0)
        #expect(top.prefetch.lowerBound == 0)
        let end = l.contentHeight - 800
        let bottom = v.update(layout: l, contentOffset: end, viewportHeight: 800)
        #expect(bottom.visible.upperBound == 1000)
        #expect(bottom.prefetch.upperBound == 1000)
        // Overscrolled (rubber band) offsets stay safe.
        #expect(v.update(layout: l, contentOffset: -500, viewportHeight: 800).visible.lowerBound == 0)
        #expect(v.update(layout: l, contentOffset: l.contentHeight + 100, viewportHeight: 800).visible.isEmpty)
    }

    @Test func prefetchLooksAheadInTheDirectionOfTravelAndGrowsWithSpeed() {
        let l = makeLayout(5000)
        var v = Virtualizer()
        let mid = l.contentHeight / 2
        let rest = v.update(layout: l, contentOffset: mid, viewportHeight: 800, velocity: 0)
        v.reset()
        let slowDown = v.update(layout: l, contentOffset: mid, viewportHeight: 800, velocity: 0.5)
        v.reset()
        let fastDown = v.update(layout: l, contentOffset: mid, viewportHeight: 800, velocity: 8)
        v.reset()
        let fastUp = v.update(layout: l, contentOffset: mid, viewportHeight: 800, velocity: -8)
        let ahead = { (u: Virtualizer.Update) in u.prefetch.upperBound - u.visible.upperBound }
        let behind = { (u: Virtualizer.Update) in u.visible.lowerBound - u.prefetch.lowerBound }
        #expect(ahead(slowDown) > ahead(rest))
        #expect(ahead(fastDown) > ahead(slowDown))
        #expect(behind(fastDown) < behind(rest))
        #expect(behind(fastUp) > ahead(fastUp))
        // Capped at maximumOverscan viewports.
        let cap = v.update(layout: l, contentOffset: mid, viewportHeight: 800, velocity: 1000)
        let capFrame = l.frame(ofItem: cap.prefetch.lowerBound)
        #expect(capFrame.maxY >= mid - 4 * 800 - 400)
    }

    @Test func releasesWhatLeftTheRetainedWindow() {
        let l = makeLayout(5000)
        var v = Virtualizer()
        let a = v.update(layout: l, contentOffset: 10_000, viewportHeight: 800)
        // Small move: nothing released (hysteresis).
        let b = v.update(layout: l, contentOffset: 10_300, viewportHeight: 800)
        #expect(b.releasedBefore.isEmpty && b.releasedAfter.isEmpty)
        #expect(b.retained.lowerBound <= a.prefetch.lowerBound)
        // Far jump: everything previously retained is released, in one run.
        let c = v.update(layout: l, contentOffset: 200_000, viewportHeight: 800)
        #expect(c.releasedBefore == b.retained)
        #expect(c.releasedAfter.isEmpty)
        #expect(c.retained == c.prefetch)
        // Scrolling down steadily releases from the top only.
        var last = c
        for k in 1...20 {
            let u = v.update(layout: l, contentOffset: 200_000 + Double(k) * 600, viewportHeight: 800, velocity: 2)
            #expect(u.releasedAfter.isEmpty)
            if !u.releasedBefore.isEmpty {
                #expect(u.releasedBefore.lowerBound == last.retained.lowerBound)
                #expect(u.releasedBefore.upperBound == u.retained.lowerBound)
            }
            last = u
        }
    }

    @Test func tenMillionItemsPastTheBrowserHeightLimit() {
        let n = 10_000_000
        let l = GalleryLayout(configuration: .justified(width: 1200, targetRowHeight: 200, spacing: 4))
        l.reserveCapacity(n)
        l.append(aspectRatios: pseudoRandomAspects(n))
        #expect(l.contentHeight > 16_777_216)
        let vh = 900.0
        let space = ScrollSpace(contentHeight: l.contentHeight, viewportHeight: vh)
        #expect(space.isScaled)
        #expect(space.scrollHeight == 15_000_000)
        var v = Virtualizer()
        // The very top and the very bottom of the scroll range reach the first and last item.
        let top = v.update(layout: l, contentOffset: space.contentOffset(forScrollTop: 0), viewportHeight: vh)
        #expect(top.visible.lowerBound == 0)
        let maxScroll = space.scrollHeight - vh
        let bottomOffset = space.contentOffset(forScrollTop: maxScroll)
        #expect(isClose(bottomOffset, l.contentHeight - vh, 1e-3))
        let bottom = v.update(layout: l, contentOffset: bottomOffset, viewportHeight: vh)
        #expect(bottom.visible.upperBound == n)
        // Any item can be scrolled to: map its top back to a scrollTop and query.
        for i in [1, 77_777, 4_999_999, 9_999_990] {
            let y = l.frame(ofItem: i).minY
            let s = space.scrollTop(forContentOffset: y)
            let u = v.update(layout: l, contentOffset: space.contentOffset(forScrollTop: s), viewportHeight: vh)
            #expect(u.visible.contains(i), "item \(i)")
            // 1:1 near the viewport: DOM positions differ exactly as content positions do.
            let d1 = space.domY(forContentY: y, scrollTop: s)
            let d2 = space.domY(forContentY: y + 250, scrollTop: s)
            #expect(isClose(d2 - d1, 250, 1e-6))
            #expect(isClose(space.contentY(forDomY: d1, scrollTop: s), y, 1e-6))
        }
    }

    @Test func scrollSpaceIsIdentityBelowTheCap() {
        let s = ScrollSpace(contentHeight: 50_000, viewportHeight: 800)
        #expect(!s.isScaled && s.scale == 1)
        #expect(s.contentOffset(forScrollTop: 1234) == 1234)
        #expect(s.scrollTop(forContentOffset: 1234) == 1234)
        #expect(s.domY(forContentY: 5000, scrollTop: 1234) == 5000)
    }
}
