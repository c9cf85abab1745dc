import Testing

@testable import GalleryEngine

/// Scripted pointer input at 60 Hz for ViewerGestures.
struct Finger {
    let viewer: ViewerGestures
    var time: Double
    var id: Int32 = 1

    mutating func down(_ x: Double, _ y: Double) {
        viewer.handle(PointerSample(.began, time: time, x: x, y: y, pointerID: id))
    }
    /// Moves linearly to (x, y) over `ms` milliseconds in 16 ms steps.
    mutating func drag(from a: Point, to b: Point, ms: Double) {
        let steps = max(1, Int(ms / 16))
        for k in 1...steps {
            time += ms / Double(steps)
            let t = Double(k) / Double(steps)
            viewer.handle(
                PointerSample(.moved, time: time, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, pointerID: id))
        }
    }
    mutating func up(_ x: Double, _ y: Double, after ms: Double = 0) {
        time += ms
        viewer.handle(PointerSample(.ended, time: time, x: x, y: y, pointerID: id))
    }
    /// Runs frames until springs settle (or `ms` passes).
    mutating func settle(ms: Double = 3000) {
        let end = time + ms
        while time < end {
            time += 16
            if !viewer.tick(time: time) { break }
        }
    }
}

@Suite("Gestures")
struct GestureTests {
    func makeViewer(index: Int = 2, count: Int = 5) -> ViewerGestures {
        let v = ViewerGestures(
            viewport: Size(width: 400, height: 800), index: index, count: count, photoAspectRatio: 1.5)
        v.tick(time: 0)
        return v
    }

    @Test func velocityTrackerFitsRecentSamples() {
        var t = VelocityTracker(window: 80)
        for k in 0...10 { t.add(time: Double(k) * 16, x: Double(k) * 16 * 0.8, y: 100 - Double(k) * 16 * 0.3) }
        let v = t.velocity()
        #expect(abs(v.x - 0.8) < 1e-9 && abs(v.y + 0.3) < 1e-9)
        // Finger stopped 120 ms before lifting: ~0.
        t.add(time: 160 + 120, x: 128, y: 52)
        #expect(t.velocity() == .zero)
    }

    @Test func axisLockWaitsForTenPixels() {
        #expect(GestureAxis.lock(dx: 6, dy: 6) == .undecided)
        #expect(GestureAxis.lock(dx: 12, dy: 3) == .horizontal)
        #expect(GestureAxis.lock(dx: -2, dy: -11) == .vertical)
    }

    @Test func singleTapFiresAfterTheDoubleTapWindow() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(200, 300)
        f.up(201, 301, after: 80)
        #expect(v.events.isEmpty, "a tap waits to rule out a double tap")
        f.time += 200
        v.tick(time: f.time)
        #expect(v.events.isEmpty)
        f.time += 120
        v.tick(time: f.time)
        #expect(v.drainEvents() == [ViewerEvent(.tap, x: 200, y: 300, index: 2)])
    }

    @Test func doubleTapZoomsAroundThePoint() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(100, 300)
        f.up(100, 300, after: 60)
        f.time += 120
        f.down(105, 305)
        f.up(105, 305, after: 60)
        #expect(v.drainEvents().map(\.kind) == [.doubleTap])
        f.settle()
        #expect(isClose(v.state.scale, 2.5, 1e-9))
        // Fit is 400×266.7; at 2.5× the image is 1000×666.7, so horizontally the tapped
        // point (x = 100, 100 px left of centre) stays under the finger: pan.x = 1.5·100.
        #expect(isClose(v.state.panX, 150, 1e-9))
        #expect(v.state.panY == 0, "no vertical overflow, so no vertical pan")
        // Second double tap zooms back to fit.
        f.time += 500
        f.down(200, 400)
        f.up(200, 400, after: 50)
        f.time += 100
        f.down(200, 400)
        f.up(200, 400, after: 50)
        f.settle()
        #expect(v.state.scale == 1 && v.state.panX == 0 && v.state.panY == 0)
    }

    @Test func tapsTooFarApartAreTwoTaps() {
        var r = TapRecognizer()
        #expect(r.begin(time: 0, point: Point(x: 0, y: 0)) == .none)
        #expect(r.end(time: 50, point: Point(x: 0, y: 0)) == .none)
        #expect(r.begin(time: 150, point: Point(x: 60, y: 0)) == .tap)  // flushes the first
        #expect(r.end(time: 200, point: Point(x: 60, y: 0)) == .none)
        #expect(r.tick(time: 600) == .tap)
        #expect(r.tick(time: 700) == .none)
    }

    @Test func longPressFiresWithoutMovementViaTick() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(150, 150)
        v.tick(time: 400)
        #expect(v.events.isEmpty)
        v.tick(time: 610)
        #expect(v.drainEvents() == [ViewerEvent(.longPress, x: 150, y: 150, index: 2)])
        f.up(150, 150, after: 600)
        f.time += 400
        v.tick(time: f.time)
        #expect(v.drainEvents().map(\.kind) == [.holdEnded], "no tap after a long press: its hold ends")
        // Moving cancels the long press.
        var r = TapRecognizer()
        _ = r.begin(time: 0, point: .zero)
        r.move(time: 100, point: Point(x: 30, y: 0))
        #expect(r.tick(time: 700) == .none)
    }

    @Test func flickTurnsThePage() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(300, 400)
        f.drag(from: Point(x: 300, y: 400), to: Point(x: 220, y: 402), ms: 80)  // 1 px/ms, short
        f.up(220, 402)
        #expect(v.drainEvents() == [ViewerEvent(.pageChanged, index: 3)])
        #expect(v.state.index == 3)
        #expect(v.state.pagerOffset > 0, "strip continues from where the finger left it")
        f.settle()
        #expect(v.state.pagerOffset == 0 && v.state.mode == .idle)
    }

    @Test func longDragPastHalfTurnsThePageBack() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(50, 400)
        f.drag(from: Point(x: 50, y: 400), to: Point(x: 330, y: 400), ms: 1200)
        f.up(330, 400, after: 150)
        #expect(v.drainEvents().map(\.kind) == [.pageChanged])
        #expect(v.state.index == 1)
    }

    @Test func slowShortDragSpringsBack() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(300, 400)
        f.drag(from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), ms: 1000)  // 0.1 px/ms
        #expect(v.state.pagerOffset == -100, "strip follows the finger 1:1")
        f.up(200, 400, after: 16)
        #expect(v.drainEvents().isEmpty)
        #expect(v.state.index == 2)
        f.settle()
        #expect(v.state.pagerOffset == 0)
    }

    @Test func pagerRubberBandsAtTheEnds() {
        let v = makeViewer(index: 0)
        var f = Finger(viewer: v, time: 100)
        f.down(50, 400)
        f.drag(from: Point(x: 50, y: 400), to: Point(x: 350, y: 400), ms: 300)
        #expect(v.state.pagerOffset > 0 && v.state.pagerOffset < 300 * 0.6)
        f.up(350, 400, after: 200)
        #expect(v.state.index == 0)
        let p = Pager(index: 4, count: 5, pageWidth: 416)
        #expect(p.offset(forDrag: -300) > -300 && p.targetIndex(forDrag: -300, velocity: -2) == 4)
        // Flick against the drag cancels the change.
        #expect(Pager(index: 2, count: 5, pageWidth: 416).targetIndex(forDrag: -250, velocity: 1) == 2)
        // Slow (0.3 px/ms) and short: −100 − 59.7 projected stays under half a page.
        #expect(Pager(index: 2, count: 5, pageWidth: 416).targetIndex(forDrag: -100, velocity: -0.3) == 2)
        // Same drag, a little faster: the projection (−100 − 89.6 … −0.45·199) still short; at 0.6 the flick rule wins.
        #expect(Pager(index: 2, count: 5, pageWidth: 416).targetIndex(forDrag: -100, velocity: -0.6) == 3)
        // Slow but long projected: −150 − 0.4·199 = −229.6 < −208.
        #expect(Pager(index: 2, count: 5, pageWidth: 416).targetIndex(forDrag: -150, velocity: -0.4) == 3)
    }

    @Test func pinchKeepsTheFocalPointFixed() {
        let v = makeViewer()
        var t = 100.0
        v.handle(PointerSample(.began, time: t, x: 150, y: 400, pointerID: 1))
        v.handle(PointerSample(.began, time: t, x: 250, y: 400, pointerID: 2))
        let focal = Point(x: 200, y: 400)
        let before = v.zoom.imagePoint(at: focal)
        for k in 1...20 {
            t += 16
            let spread = 50 + Double(k) * 5  // fingers move apart around the focal point
            v.handle(PointerSample(.moved, time: t, x: 200 - spread, y: 400, pointerID: 1))
            v.handle(PointerSample(.moved, time: t, x: 200 + spread, y: 400, pointerID: 2))
            let s = v.state
            // Screen position of the image point that started under the fingers.
            let sx = 200 + s.panX + s.scale * before.x
            let sy = 400 + s.panY + s.scale * before.y
            #expect(isClose(sx, focal.x, 1e-9) && isClose(sy, focal.y, 1e-9))
        }
        #expect(isClose(v.state.scale, 3, 1e-9))
        v.handle(PointerSample(.ended, time: t, x: 350, y: 400, pointerID: 2))
        v.handle(PointerSample(.ended, time: t + 16, x: 50, y: 400, pointerID: 1))
        var f = Finger(viewer: v, time: t + 16)
        f.settle()
        #expect(isClose(v.state.scale, 3, 1e-9))
    }

    @Test func pinchBeyondLimitsRubberBandsAndBouncesBack() {
        let v = makeViewer()
        var t = 100.0
        v.handle(PointerSample(.began, time: t, x: 190, y: 400, pointerID: 1))
        v.handle(PointerSample(.began, time: t, x: 210, y: 400, pointerID: 2))
        for k in 1...20 {
            t += 16
            v.handle(PointerSample(.moved, time: t, x: 190 - Double(k) * 10, y: 400, pointerID: 1))
            v.handle(PointerSample(.moved, time: t, x: 210 + Double(k) * 10, y: 400, pointerID: 2))
        }
        // Raw pinch ratio is 11×; max is 4× and the rubber band stays under 6×.
        #expect(v.state.scale > 4 && v.state.scale < 6)
        v.handle(PointerSample(.ended, time: t, x: -10, y: 400, pointerID: 1))
        v.handle(PointerSample(.ended, time: t, x: 410, y: 400, pointerID: 2))
        var f = Finger(viewer: v, time: t)
        f.settle()
        #expect(isClose(v.state.scale, 4, 1e-9))
        // Pan ends inside the bounds.
        let limit = v.zoom.panLimit(at: 4)
        #expect(abs(v.state.panX) <= limit.x + 1e-9 && abs(v.state.panY) <= limit.y + 1e-9)
    }

    @Test func dismissFlickClosesSlowDragSpringsBack() {
        let v = makeViewer()
        var f = Finger(viewer: v, time: 100)
        f.down(200, 300)
        f.drag(from: Point(x: 200, y: 300), to: Point(x: 202, y: 360), ms: 48)  // 60 px in 48 ms
        #expect(v.state.mode == .dismissing)
        #expect(v.state.dismissOffset == 60)
        #expect(isClose(v.state.backgroundOpacity, 1 - 60.0 / (800.0 / 3)))
        f.up(202, 360)
        #expect(v.drainEvents().map(\.kind) == [.dismiss])
        #expect(v.state.mode == .dismissed)

        let w = makeViewer()
        var g = Finger(viewer: w, time: 100)
        g.down(200, 300)
        g.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 380), ms: 1600)  // 0.05 px/ms, 10% of height
        g.up(200, 380, after: 16)
        #expect(w.drainEvents().map(\.kind) == [.dismissCancelled])
        g.settle()
        #expect(w.state.dismissOffset == 0 && w.state.backgroundOpacity == 1)

        // The decision rule itself.
        let d = DismissGesture(viewportHeight: 800)
        #expect(d.shouldDismiss(offset: 110, velocity: 0))  // 13.75 % dragged
        #expect(!d.shouldDismiss(offset: 100, velocity: 0))
        #expect(d.shouldDismiss(offset: 20, velocity: 0.5))  // 20 + 99.5
        #expect(!d.shouldDismiss(offset: 200, velocity: -1))  // thrown back
        #expect(d.backgroundOpacity(offset: -400) == 0)
    }

    @Test func zoomedImageWontDismissItPans() {
        // A tall photo, so zooming creates vertical overflow (a 1.5:1 photo at 2.5× would
        // still fit vertically, its edges showing — and then a vertical drag may dismiss).
        let w = ViewerGestures(viewport: Size(width: 400, height: 800), index: 2, count: 5, photoAspectRatio: 0.5)
        w.tick(time: 0)
        var g = Finger(viewer: w, time: 100)
        w.toggleZoom(at: Point(x: 200, y: 400))  // 0.5:1 → fit 400×800; 2.5× → 1000×2000, centred
        g.settle()
        #expect(w.zoom.isZoomed && w.state.panY == 0)
        g.down(200, 300)
        g.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 420), ms: 64)
        #expect(w.state.mode == .panning)
        #expect(w.state.dismissOffset == 0)
        g.up(200, 420)
        #expect(!w.drainEvents().contains { $0.kind == .dismiss })
        g.settle()
        #expect(w.state.panY > 0 && w.state.panY <= w.zoom.panLimit(at: w.state.scale).y + 1e-9)
    }

    @Test func zoomedDragAtTheHorizontalEdgeHandsOverToThePager() {
        let v = ViewerGestures(viewport: Size(width: 400, height: 800), index: 2, count: 5, photoAspectRatio: 0.5)
        v.tick(time: 0)
        var f = Finger(viewer: v, time: 100)
        v.toggleZoom(at: Point(x: 0, y: 400))  // zoom on the left edge → pan.x at its +limit
        f.settle()
        #expect(v.zoom.isAtHorizontalEdge(draggingRight: true))
        f.down(100, 400)
        f.drag(from: Point(x: 100, y: 400), to: Point(x: 300, y: 400), ms: 100)
        #expect(v.state.mode == .paging)
        f.up(300, 400)
        #expect(v.drainEvents().map(\.kind) == [.pageChanged])
        #expect(v.state.index == 1 && v.state.scale == 1)
    }
}
