import Testing

@testable import GalleryEngine

/// The fetch planner: what to load, in which order, and what to abandon.
@Suite("Timeline fetch planner")
struct TimelinePlannerTests {
    static func library() -> TimelineLayout {
        let t = TimelineLayout(configuration: TimelineConfiguration(layout: TimelineLayoutTests.grid))
        t.setMonths(TimelineLayoutTests.months([Int](repeating: 3000, count: 24)))
        return t
    }

    static func planner(pageSize: Int, inFlight: Int) -> TimelinePlanner {
        var p = TimelinePlanner()
        p.configuration.pageSize = pageSize
        p.configuration.maximumInFlight = inFlight
        return p
    }

    /// Content y where photo `i` of month `s` is.
    static func y(_ t: TimelineLayout, _ s: Int, _ i: Int) -> Double { t.frame(section: s, item: i)!.y }

    static func covers(_ spans: [TimelineSpan], _ r: TimelineRequest) -> Bool {
        spans.contains { $0.section == r.section && $0.items.overlaps(r.items) }
    }

    @Test func visibleFirstThenAheadThenBehind() {
        let t = Self.library()
        var p = Self.planner(pageSize: 6, inFlight: 100)
        let offset = Self.y(t, 5, 1002)
        let plan = p.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: 0)
        let visible = t.spans(top: offset, bottom: offset + 900)
        #expect(!plan.requests.isEmpty)
        // The visible photos' pages come first, then those below, then those above.
        var phase = 0
        for r in plan.requests {
            let isVisible = Self.covers(visible, r)
            let below = !isVisible && r.items.lowerBound > 1002
            let next = isVisible ? 0 : (below ? 1 : 2)
            #expect(next >= phase, "request \(r)")
            phase = next
            #expect(r.items.count <= 6 && r.items.lowerBound % 6 == 0)
        }
        #expect(phase == 2)
        #expect(Set(plan.requests.map(\.id)).count == plan.requests.count)
        // Every visible photo is requested.
        for span in visible {
            for i in span.items {
                #expect(plan.requests.contains { $0.section == span.section && $0.items.contains(i) })
            }
        }
    }

    @Test func scrollingUpLooksAheadAbove() {
        let t = Self.library()
        var p = Self.planner(pageSize: 50, inFlight: 100)
        let offset = Self.y(t, 5, 1000)
        let plan = p.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: -4)
        let visible = t.spans(top: offset, bottom: offset + 900)
        let ahead = plan.requests.filter { !Self.covers(visible, $0) }
        #expect(!ahead.isEmpty)
        let above = ahead.prefix { $0.items.upperBound <= 1000 }
        #expect(above.count > ahead.count / 2)
        // Nearest first: going up, each page ahead is above the one before.
        for k in 1..<above.count {
            #expect(above[above.startIndex + k].items.lowerBound < above[above.startIndex + k - 1].items.lowerBound)
        }
    }

    @Test func boundedInFlightAndNothingAskedTwice() {
        let t = Self.library()
        var p = Self.planner(pageSize: 20, inFlight: 3)
        let offset = Self.y(t, 2, 500)
        let first = p.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: 0)
        #expect(first.requests.count == 3)
        #expect(p.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: 0).requests.isEmpty)
        // One arrives: its photos are loaded, one more request goes out, never for the same photos.
        let done = first.requests[0]
        #expect(p.finish(id: done.id) == done)
        #expect(p.finish(id: done.id) == nil)
        t.setItems(
            section: done.section, start: done.items.lowerBound,
            aspectRatios: [Float](repeating: 1, count: done.items.count), anchorY: offset)
        let second = p.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: 0)
        #expect(second.requests.count == 1)
        #expect(!second.requests[0].items.overlaps(done.items))
        #expect(
            !first.requests.contains {
                $0.section == second.requests[0].section && $0.items.overlaps(second.requests[0].items)
            })
        #expect(p.inFlight.count == 3)
    }

    @Test func aFastScrubCancelsWhatItPassed() {
        let t = Self.library()
        var p = Self.planner(pageSize: 12, inFlight: 4)
        let start = Self.y(t, 1, 100)
        let first = p.plan(layout: t, contentOffset: start, viewportHeight: 900, velocity: 0)
        #expect(first.requests.count == 4)
        // Scrubbing fast far below: the loads at the start are passed; nothing new while that fast.
        let far = Self.y(t, 15, 2000)
        let scrub = p.plan(layout: t, contentOffset: far, viewportHeight: 900, velocity: 200)
        #expect(scrub.requests.isEmpty)
        #expect(Set(scrub.cancelled.map(\.id)) == Set(first.requests.map(\.id)))
        #expect(p.inFlight.isEmpty)
        // Released there: the new place is loaded, visible first.
        let settled = p.plan(layout: t, contentOffset: far, viewportHeight: 900, velocity: 0)
        #expect(settled.cancelled.isEmpty)
        #expect(settled.requests.first.map { Self.covers(t.spans(top: far, bottom: far + 900), $0) } == true)
        // A slow move keeps loads that are still near.
        let near = p.plan(layout: t, contentOffset: far + 300, viewportHeight: 900, velocity: 0.5)
        #expect(near.cancelled.isEmpty)
    }

    @Test func loadsStartWhereLoadedRunsEnd() {
        let t = Self.library()
        t.setItems(section: 3, start: 0, aspectRatios: [Float](repeating: 1, count: 130), anchorY: 0)
        #expect(TimelinePlanner.missing(0..<200, occupied: t.loadedRanges(ofSection: 3)) == [130..<200])
        #expect(
            TimelinePlanner.missing(0..<100, occupied: [10..<20, 15..<30, 50..<60]) == [0..<10, 30..<50, 60..<100])
        #expect(TimelinePlanner.missing(5..<8, occupied: [0..<100]).isEmpty)
    }

    @Test func hostileInputNeverTraps() {
        let t = Self.library()
        var p = Self.planner(pageSize: 0, inFlight: 0)
        for y in [-1e300, .nan, .infinity, 0, 1e12] {
            _ = p.plan(layout: t, contentOffset: y, viewportHeight: y, velocity: y)
        }
        let empty = TimelineLayout(configuration: TimelineConfiguration(layout: TimelineLayoutTests.grid))
        #expect(p.plan(layout: empty, contentOffset: 0, viewportHeight: 900, velocity: 0).requests.isEmpty)
    }
}
