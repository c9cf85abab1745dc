import Testing

@testable import GalleryEngine

/// A Live Photo plays while it is held: the viewer announces the hold with `longPress` and its end with
/// `holdEnded`, whether the finger lifts, the touch is cancelled or a second finger starts a pinch.
@Suite struct ViewerHoldTests {
    func viewer() -> ViewerGestures {
        let v = ViewerGestures(viewport: Size(width: 400, height: 800), index: 2, count: 5, photoAspectRatio: 1.5)
        v.tick(time: 0)
        return v
    }

    /// A finger held still past the long-press time.
    func hold(_ v: ViewerGestures) -> Double {
        v.handle(PointerSample(.began, time: 100, x: 200, y: 300, pointerID: 1))
        let at = 100 + v.configuration.tap.longPressDuration
        v.tick(time: at)
        #expect(v.drainEvents().map(\.kind) == [.longPress])
        return at
    }

    @Test func liftingTheFingerEndsTheHoldAndIsNoTap() {
        let v = viewer()
        let at = hold(v)
        v.handle(PointerSample(.ended, time: at + 700, x: 203, y: 301, pointerID: 1))
        v.tick(time: at + 2000)
        #expect(v.drainEvents().map(\.kind) == [.holdEnded])
    }

    @Test func aCancelOrASecondFingerEndsTheHold() {
        let cancelled = viewer()
        let at = hold(cancelled)
        cancelled.handle(PointerSample(.cancelled, time: at + 50, x: 200, y: 300, pointerID: 1))
        #expect(cancelled.drainEvents().map(\.kind) == [.holdEnded])

        let pinched = viewer()
        let then = hold(pinched)
        pinched.handle(PointerSample(.began, time: then + 50, x: 260, y: 360, pointerID: 2))
        #expect(pinched.drainEvents().map(\.kind) == [.holdEnded])
        pinched.handle(PointerSample(.ended, time: then + 90, x: 260, y: 360, pointerID: 2))
        pinched.handle(PointerSample(.ended, time: then + 99, x: 200, y: 300, pointerID: 1))
        #expect(!pinched.drainEvents().contains { $0.kind == .holdEnded }, "announced once")
    }

    @Test func aShortTouchOrADragIsNoHold() {
        let tapped = viewer()
        tapped.handle(PointerSample(.began, time: 100, x: 200, y: 300, pointerID: 1))
        tapped.handle(PointerSample(.ended, time: 200, x: 200, y: 300, pointerID: 1))
        tapped.tick(time: 1000)
        #expect(tapped.drainEvents().map(\.kind) == [.tap])

        let dragged = viewer()
        var finger = Finger(viewer: dragged, time: 100)
        finger.down(200, 300)
        finger.drag(from: Point(x: 200, y: 300), to: Point(x: 120, y: 300), ms: 800)
        finger.up(120, 300)
        #expect(!dragged.drainEvents().contains { $0.kind == .longPress || $0.kind == .holdEnded })
    }
}
