import Testing

@testable import GalleryEngine

/// The viewer's programmatic controls: direct zoom (keys, wheel), live tuning, and the dismiss event's
/// release velocity.
@Suite("Viewer controls")
struct ViewerControlTests {
    func makeViewer(aspect: Double = 1.5) -> ViewerGestures {
        let v = ViewerGestures(viewport: Size(width: 400, height: 800), index: 2, count: 5, photoAspectRatio: aspect)
        v.tick(time: 0)
        return v
    }

    @Test func zoomToKeepsThePointUnderItStill() {
        let v = makeViewer(aspect: 0.5)  // fit 400×800: zooming overflows both axes
        let point = Point(x: 120, y: 300)
        let before = v.zoom.imagePoint(at: point)
        v.zoom(to: 2, around: point, animated: false)
        #expect(v.state.scale == 2)
        let z = v.zoom
        let after = z.imagePoint(at: point)
        #expect(isClose(after.x, before.x) && isClose(after.y, before.y))
        #expect(!v.isAnimating)
    }

    @Test func reindexKeepsZoomAndPanWhereResetDropsThem() {
        let v = makeViewer(aspect: 0.5)
        v.zoom(to: 2.5, around: Point(x: 120, y: 300), animated: false)
        let (scale, panX, panY) = (v.state.scale, v.state.panX, v.state.panY)
        v.reindex(4, count: 8)  // two photos arrived before it
        #expect(v.state.index == 4 && v.pager.count == 8)
        #expect(v.state.scale == scale && v.state.panX == panX && v.state.panY == panY)
        v.reindex(20, count: 8)  // clamped into the list
        #expect(v.state.index == 7)
        v.reset(index: 3, count: 8, photoAspectRatio: 0.5)
        #expect(v.state.scale == 1 && v.state.panX == 0 && v.state.panY == 0)
    }

    @Test func zoomToClampsToTheLimitsAndAnimates() {
        let v = makeViewer(aspect: 0.5)
        var f = Finger(viewer: v, time: 0)
        v.zoom(to: 50, around: Point(x: 200, y: 400), animated: true)
        #expect(v.isAnimating)
        #expect(v.state.scale < 50)
        f.settle()
        #expect(isClose(v.state.scale, v.zoom.maximumScale, 1e-3))
        v.zoom(to: 0.1, around: Point(x: 10, y: 10), animated: true)
        f.settle()
        #expect(isClose(v.state.scale, 1, 1e-3))
        #expect(isClose(v.state.panX, 0, 0.5) && isClose(v.state.panY, 0, 0.5))
    }

    @Test func zoomToNeverLeavesEmptySpace() {
        let v = makeViewer(aspect: 0.5)
        v.zoom(to: 3, around: Point(x: 0, y: 0), animated: false)  // corner: pan wants to go past the edge
        let limit = v.zoom.panLimit(at: 3)
        #expect(abs(v.state.panX) <= limit.x + 1e-9 && abs(v.state.panY) <= limit.y + 1e-9)
        #expect(isClose(v.state.panX, limit.x) && isClose(v.state.panY, limit.y))
    }

    @Test func configureChangesTheDismissThresholdLive() {
        // The same slow 80 px drag: springs back at 13 %, dismisses once the threshold is 5 %.
        func drag(_ v: ViewerGestures) -> [ViewerEvent.Kind] {
            var f = Finger(viewer: v, time: 100)
            f.down(200, 300)
            f.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 380), ms: 1600)
            f.up(200, 380, after: 16)
            return v.drainEvents().map(\.kind)
        }
        #expect(drag(makeViewer()) == [.dismissCancelled])
        let v = makeViewer()
        var c = v.configuration
        c.dismissThreshold = 0.05
        v.configure(c)
        #expect(drag(v) == [.dismiss])
    }

    @Test func configureRetunesSpringsAndZoomLevels() {
        let v = makeViewer()
        var c = v.configuration
        c.secondaryScale = 3
        c.maximumScale = 6
        c.pageSpring = SpringParameters(response: 0.9, dampingRatio: 1)
        v.configure(c)
        var f = Finger(viewer: v, time: 0)
        v.toggleZoom(at: Point(x: 200, y: 400))
        f.settle()
        #expect(isClose(v.state.scale, 3, 1e-3))
        v.zoom(to: 100, around: Point(x: 200, y: 400), animated: false)
        #expect(v.state.scale == 6)

        // A slower page spring takes longer to settle the same page change.
        func settleTime(_ v: ViewerGestures) -> Double {
            let start = 100_000.0
            _ = v.tick(time: start)
            v.go(to: 3)
            var t = 16.0
            while v.tick(time: start + t) { t += 16 }
            return t
        }
        let fast = makeViewer()
        let slow = settleTime(v)
        #expect(slow > settleTime(fast) * 1.5)
    }

    @Test func dismissEventCarriesTheReleaseVelocity() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(200, 300)
        f.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 396), ms: 96)  // 1 px/ms downward
        f.up(200, 396)
        let e = v.drainEvents()
        #expect(e.map(\.kind) == [.dismiss])
        #expect(isClose(e[0].x, 1000, 50))  // px/s
        #expect(e[0].y == 96)
    }
}
