/// The photo viewer's gesture brain: turns raw pointer samples into pager,
/// zoom, pan and dismiss motion, and owns the springs that settle them.
///
/// JavaScript feeds every `pointerdown/move/up/cancel` to ``handle(_:)``, calls
/// ``tick(time:)`` once per animation frame, then reads ``state`` (strip
/// offset, scale, pan, dismiss offset, backdrop opacity) and drains
/// ``events``. It never computes motion itself.
///
/// Decision flow for one finger: nothing moves until the drag passes the axis
/// lock distance (10 px); then —
/// - not zoomed: horizontal → pager, vertical → dismiss;
/// - zoomed: horizontal at the image's horizontal edge → pager, vertical at its
///   vertical edge → dismiss, otherwise → pan (rubber-banded at the edges).
/// Two fingers always pinch, around their midpoint.
public final class ViewerGestures {
    public struct Configuration: Equatable, Sendable {
        public var axisLockDistance: Double = 10
        public var velocityWindow: Double = 80
        public var pageGap: Double = 16
        public var decelerationRate: Double = 0.995
        public var dismissThreshold: Double = 0.13
        public var pageSpring: SpringParameters = .pageChange
        public var settleSpring: SpringParameters = .standard
        public var tap = TapRecognizer.Configuration()
        /// Double-tap zoom level, relative to fit.
        public var secondaryScale: Double = 2.5
        /// Deepest zoom, relative to fit (a pinch may overshoot it on a rubber band).
        public var maximumScale: Double = 4
        public init() {}
    }

    public enum Mode: Int32, Sendable {
        case idle = 0
        /// Finger down, not yet moved past the lock distance.
        case pending = 1
        case paging = 2
        case panning = 3
        case pinching = 4
        case dismissing = 5
        /// Dismiss committed; frozen until ``reset(index:count:photoAspectRatio:)``.
        case dismissed = 6
    }

    public private(set) var configuration: Configuration
    public private(set) var viewport: Size
    public private(set) var mode: Mode = .idle
    public private(set) var pager: Pager
    public private(set) var zoom: ZoomPan
    public private(set) var events: [ViewerEvent] = []

    var photoAspectRatio: Double
    var tracker: VelocityTracker
    var taps: TapRecognizer
    var dismiss: DismissGesture

    // Springs (values are what is displayed).
    var pagerSpring: Spring
    var scaleSpring: Spring
    var panXSpring: Spring
    var panYSpring: Spring
    var dismissSpring: Spring

    // Pointers (at most two are tracked).
    var ids: (Int32, Int32) = (-1, -1)
    var points: (Point, Point) = (.zero, .zero)
    var pointerCount = 0

    // Gesture bases.
    var start = Point.zero
    var startPagerOffset = 0.0
    var startPan = Point.zero
    var startDismiss = 0.0
    var pinchStartDistance = 1.0
    var pinchStartScale = 1.0
    var pinchImagePoint = Point.zero
    var lastFocal = Point.zero
    var lastTick: Double = -1

    public init(
        viewport: Size, index: Int = 0, count: Int = 1, photoAspectRatio: Double = GridGeometry.averageAspectRatio,
        configuration: Configuration = Configuration()
    ) {
        self.configuration = configuration
        self.viewport = viewport
        self.photoAspectRatio = photoAspectRatio
        pager = Pager(index: index, count: count, pageWidth: viewport.width + configuration.pageGap)
        zoom = ZoomPan(viewport: viewport, photoAspectRatio: photoAspectRatio)
        zoom.secondaryScale = configuration.secondaryScale
        zoom.maximumScale = configuration.maximumScale
        tracker = VelocityTracker(window: configuration.velocityWindow)
        taps = TapRecognizer(configuration: configuration.tap)
        dismiss = DismissGesture(viewportHeight: viewport.height)
        dismiss.threshold = configuration.dismissThreshold
        dismiss.decelerationRate = configuration.decelerationRate
        pagerSpring = Spring(parameters: configuration.pageSpring)
        scaleSpring = Spring(value: 1, parameters: configuration.settleSpring, restDistance: 0.001, restSpeed: 0.05)
        panXSpring = Spring(parameters: configuration.settleSpring)
        panYSpring = Spring(parameters: configuration.settleSpring)
        dismissSpring = Spring(parameters: configuration.settleSpring)
    }

    // MARK: Public controls

    /// Shows page `index` of `count` at rest (opening the viewer, or after a dismiss).
    public func reset(index: Int, count: Int, photoAspectRatio: Double) {
        pager = Pager(index: index, count: count, pageWidth: viewport.width + configuration.pageGap)
        mode = .idle
        pointerCount = 0
        pagerSpring.reset(value: 0)
        pagerSpring.retarget(to: 0)
        dismissSpring.reset(value: 0)
        dismissSpring.retarget(to: 0)
        setPhoto(aspectRatio: photoAspectRatio)
    }

    /// The current photo's aspect ratio (call after `pageChanged`); resets zoom.
    public func setPhoto(aspectRatio: Double) {
        photoAspectRatio = aspectRatio
        zoom = ZoomPan(viewport: viewport, photoAspectRatio: aspectRatio)
        zoom.secondaryScale = configuration.secondaryScale
        zoom.maximumScale = configuration.maximumScale
        setZoomImmediately(scale: 1, pan: .zero)
    }

    /// Viewport resize: keeps the page, resets zoom.
    public func setViewport(_ size: Size) {
        viewport = size
        pager.pageWidth = size.width + configuration.pageGap
        dismiss.viewportHeight = size.height
        setPhoto(aspectRatio: photoAspectRatio)
    }

    /// Catalog grew (more pages loaded).
    public func setCount(_ count: Int) {
        pager.count = count
    }

    /// The current photo moved in the list (photos inserted or deleted before it by a live
    /// refresh): the pager follows it to `index` of `count`, and zoom, pan and any motion in flight
    /// carry on, since the same photo is still on screen.
    public func reindex(_ index: Int, count: Int) {
        pager.count = count > 0 ? count : 0
        pager.index = index < 0 ? 0 : (index >= pager.count ? (pager.count > 0 ? pager.count - 1 : 0) : index)
    }

    /// Animates to page `index` (keyboard arrows, buttons).
    public func go(to index: Int) {
        let target = index < 0 ? 0 : (index >= pager.count ? pager.count - 1 : index)
        guard target != pager.index, mode == .idle else { return }
        changePage(to: target, velocity: 0)
    }

    /// Animates the double-tap zoom toggle around `point` (also for a keyboard shortcut).
    public func toggleZoom(at point: Point) {
        let t = zoom.toggleTarget(at: point)
        animateZoom(to: t.scale, pan: t.pan, velocity: .zero)
    }

    /// Zooms to `scale` (clamped to the limits) keeping the image point under `point` in place:
    /// `+`/`-` keys, ctrl-wheel and trackpad pinch, which have a scale but no fingers to follow.
    /// `animated` false jumps there, as a wheel does between its frequent small steps.
    public func zoom(to scale: Double, around point: Point, animated: Bool) {
        guard mode == .idle || mode == .panning || mode == .pinching else { return }
        zoom.scale = scaleSpring.value
        zoom.pan = Point(x: panXSpring.value, y: panYSpring.value)
        let t = zoom.target(scale: scale, around: point)
        if animated {
            animateZoom(to: t.scale, pan: t.pan, velocity: .zero)
        } else {
            setZoomImmediately(scale: t.scale, pan: t.pan)
        }
    }

    /// Replaces the tuning while the viewer runs (the `?debug` panel): springs keep their value and
    /// velocity and take the new parameters from the next frame on.
    public func configure(_ new: Configuration) {
        configuration = new
        pager.pageWidth = viewport.width + new.pageGap
        tracker.window = new.velocityWindow
        taps.configuration = new.tap
        dismiss.threshold = new.dismissThreshold
        dismiss.decelerationRate = new.decelerationRate
        zoom.secondaryScale = new.secondaryScale
        zoom.maximumScale = new.maximumScale
        pagerSpring.parameters = new.pageSpring
        scaleSpring.parameters = new.settleSpring
        panXSpring.parameters = new.settleSpring
        panYSpring.parameters = new.settleSpring
        dismissSpring.parameters = new.settleSpring
    }

    public func drainEvents() -> [ViewerEvent] {
        let e = events
        events.removeAll()
        return e
    }

    public func clearEvents() { events.removeAll() }

    // MARK: Output

    /// Displayed values. Page k is drawn at x = (k − index) · pageWidth + pagerOffset;
    /// the current photo additionally scaled by `scale` about the viewport centre
    /// and translated by (panX, panY + dismissOffset).
    public struct State: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var pagerOffset: Double
        public var pageWidth: Double
        public var scale: Double
        public var panX: Double
        public var panY: Double
        public var dismissOffset: Double
        public var backgroundOpacity: Double
        public var mode: Mode
        public var isAnimating: Bool
    }

    public var state: State {
        State(
            index: pager.index, count: pager.count, pagerOffset: pagerSpring.value, pageWidth: pager.pageWidth,
            scale: scaleSpring.value, panX: panXSpring.value, panY: panYSpring.value,
            dismissOffset: dismissSpring.value,
            backgroundOpacity: dismiss.backgroundOpacity(offset: dismissSpring.value),
            mode: mode, isAnimating: isAnimating)
    }

    /// Whether JS should keep calling `tick` (springs moving or a tap timer pending).
    public var isAnimating: Bool {
        let springs =
            !pagerSpring.isSettled || !scaleSpring.isSettled || !panXSpring.isSettled || !panYSpring.isSettled
            || !dismissSpring.isSettled
        return (springs && pointerCount == 0) || taps.needsTicks
    }

    /// The current photo's displayed frame (start of the close transition).
    public func currentFrame() -> TransitionFrame {
        TransitionGeometry.viewerFrame(
            aspectRatio: photoAspectRatio, viewport: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
            scale: scaleSpring.value,
            offset: Point(x: panXSpring.value + pagerSpring.value, y: panYSpring.value + dismissSpring.value))
    }

    // MARK: Input

    /// Feeds one pointer sample.
    public func handle(_ s: PointerSample) {
        if mode == .dismissed { return }
        switch s.phase {
        case .began: pointerBegan(s)
        case .moved: pointerMoved(s)
        case .ended, .cancelled: pointerEnded(s)
        }
    }

    /// Advances springs and timers to `time` (ms). Returns ``isAnimating``.
    @discardableResult
    public func tick(time: Double) -> Bool {
        let e = taps.tick(time: time)
        emitTap(e)
        let dt = lastTick < 0 ? 0 : (time - lastTick) / 1000
        lastTick = time
        if pointerCount == 0 && dt > 0 {
            pagerSpring.step(dt)
            scaleSpring.step(dt)
            panXSpring.step(dt)
            panYSpring.step(dt)
            dismissSpring.step(dt)
        }
        return isAnimating
    }

    // MARK: Pointer handling

    func slot(of id: Int32) -> Int {
        if pointerCount > 0 && ids.0 == id { return 0 }
        if pointerCount > 1 && ids.1 == id { return 1 }
        return -1
    }

    func pointerBegan(_ s: PointerSample) {
        if slot(of: s.pointerID) >= 0 { return }
        if pointerCount == 0 {
            ids.0 = s.pointerID
            points.0 = s.point
            pointerCount = 1
            emitTap(taps.begin(time: s.time, point: s.point))
            holdSprings()
            beginSingle(at: s.point, time: s.time)
            mode = .pending
        } else if pointerCount == 1 {
            ids.1 = s.pointerID
            points.1 = s.point
            pointerCount = 2
            endHold { taps.cancel() }
            if mode == .paging {
                // Put the strip back; this becomes a zoom.
                pagerSpring.reset(value: pagerSpring.value)
            }
            if mode == .dismissing {
                dismissSpring.reset(value: dismissSpring.value)
            }
            beginPinch()
        }
    }

    func beginSingle(at p: Point, time: Double) {
        start = p
        startPagerOffset = pagerSpring.value
        startPan = Point(x: panXSpring.value, y: panYSpring.value)
        startDismiss = dismissSpring.value
        tracker.reset()
        tracker.add(time: time, x: p.x, y: p.y)
    }

    func beginPinch() {
        let f = focal()
        let d = distance()
        pinchStartDistance = d > 1 ? d : 1
        zoom.scale = scaleSpring.value
        zoom.pan = Point(x: panXSpring.value, y: panYSpring.value)
        pinchStartScale = zoom.scale
        pinchImagePoint = zoom.imagePoint(at: f)
        lastFocal = f
        mode = .pinching
    }

    func focal() -> Point {
        Point(x: (points.0.x + points.1.x) * 0.5, y: (points.0.y + points.1.y) * 0.5)
    }

    func distance() -> Double {
        let dx = points.0.x - points.1.x
        let dy = points.0.y - points.1.y
        return (dx * dx + dy * dy).squareRoot()
    }

    func pointerMoved(_ s: PointerSample) {
        let k = slot(of: s.pointerID)
        if k < 0 { return }
        if k == 0 { points.0 = s.point } else { points.1 = s.point }
        if mode == .pinching {
            guard pointerCount == 2 else { return }
            let f = focal()
            let raw = pinchStartScale * distance() / pinchStartDistance
            let scale = zoom.rubberBandedScale(raw)
            let pan = zoom.pan(keeping: pinchImagePoint, at: f, scale: scale)
            lastFocal = f
            setZoomImmediately(scale: scale, pan: pan)
            tracker.add(time: s.time, x: f.x, y: f.y)
            return
        }
        guard k == 0 else { return }
        tracker.add(time: s.time, x: s.x, y: s.y)
        taps.move(time: s.time, point: s.point)
        let dx = s.x - start.x
        let dy = s.y - start.y
        if mode == .pending {
            let axis = GestureAxis.lock(dx: dx, dy: dy, threshold: configuration.axisLockDistance)
            if axis == .undecided { return }
            mode = decideMode(axis: axis, dx: dx, dy: dy)
        }
        switch mode {
        case .paging:
            pagerSpring.reset(value: pager.offset(forDrag: startPagerOffset + dx))
        case .dismissing:
            dismissSpring.reset(value: startDismiss + dy)
        case .panning:
            let p = zoom.rubberBandedPan(Point(x: startPan.x + dx, y: startPan.y + dy), at: zoom.scale)
            setZoomImmediately(scale: zoom.scale, pan: p)
        default:
            break
        }
    }

    func decideMode(axis: GestureAxis, dx: Double, dy: Double) -> Mode {
        zoom.scale = scaleSpring.value
        zoom.pan = Point(x: panXSpring.value, y: panYSpring.value)
        if !zoom.isZoomed {
            return axis == .horizontal ? .paging : .dismissing
        }
        if axis == .horizontal && zoom.isAtHorizontalEdge(draggingRight: dx > 0) { return .paging }
        if axis == .vertical && DismissGesture.canBegin(zoom: zoom, draggingDown: dy > 0) { return .dismissing }
        return .panning
    }

    func pointerEnded(_ s: PointerSample) {
        let k = slot(of: s.pointerID)
        if k < 0 { return }
        if s.phase == .moved || s.phase == .ended {
            if k == 0 { points.0 = s.point } else { points.1 = s.point }
        }
        if pointerCount == 2 {
            // Pinch → pan with the remaining finger, re-based so nothing jumps.
            if k == 0 {
                ids.0 = ids.1
                points.0 = points.1
            }
            pointerCount = 1
            zoom.scale = scaleSpring.value
            zoom.pan = Point(x: panXSpring.value, y: panYSpring.value)
            beginSingle(at: points.0, time: s.time)
            mode = .panning
            return
        }
        pointerCount = 0
        if s.phase == .cancelled {
            endHold { taps.cancel() }
        } else {
            tracker.add(time: s.time, x: s.x, y: s.y)
            endHold { emitTap(taps.end(time: s.time, point: s.point)) }
        }
        let v = tracker.velocity()
        let dx = s.x - start.x
        let dy = s.y - start.y
        switch mode {
        case .paging:
            let offset = pager.offset(forDrag: startPagerOffset + dx)
            let target = pager.targetIndex(forDrag: offset, velocity: v.x)
            if target != pager.index {
                changePage(to: target, velocity: v.x * 1000)
            } else {
                pagerSpring.reset(value: offset, velocity: v.x * 1000)
                pagerSpring.retarget(to: 0)
            }
        case .dismissing:
            let offset = startDismiss + dy
            if s.phase != .cancelled && dismiss.shouldDismiss(offset: offset, velocity: v.y) {
                dismissSpring.reset(value: offset)
                mode = .dismissed
                // x carries the release velocity (px/s) so the close flight can continue the fling.
                events.append(ViewerEvent(.dismiss, x: v.y * 1000, y: offset, index: pager.index))
                return
            }
            dismissSpring.reset(value: offset, velocity: v.y * 1000)
            dismissSpring.retarget(to: 0)
            events.append(ViewerEvent(.dismissCancelled, index: pager.index))
        case .panning, .pinching:
            settleZoom(velocity: mode == .panning ? v : .zero)
        default:
            releaseSprings()
        }
        mode = .idle
    }

    // MARK: Motion helpers

    /// Runs `change` to the tap recognizer and announces `holdEnded` when it ended a hold.
    func endHold(_ change: () -> Void) {
        let wasHolding = taps.isHolding
        change()
        if wasHolding && !taps.isHolding { events.append(ViewerEvent(.holdEnded, index: pager.index)) }
    }

    func emitTap(_ e: TapRecognizer.Event) {
        let p = taps.eventPoint
        switch e {
        case .none: return
        case .tap: events.append(ViewerEvent(.tap, x: p.x, y: p.y, index: pager.index))
        case .doubleTap:
            events.append(ViewerEvent(.doubleTap, x: p.x, y: p.y, index: pager.index))
            toggleZoom(at: p)
        case .longPress: events.append(ViewerEvent(.longPress, x: p.x, y: p.y, index: pager.index))
        }
    }

    /// A finger landing on a moving photo catches it (stops it where it is).
    func holdSprings() {
        pagerSpring.reset(value: pagerSpring.value)
        scaleSpring.reset(value: scaleSpring.value)
        panXSpring.reset(value: panXSpring.value)
        panYSpring.reset(value: panYSpring.value)
        dismissSpring.reset(value: dismissSpring.value)
    }

    /// After a tap, resume interrupted animations towards their targets.
    func releaseSprings() {
        pagerSpring.retarget(to: pagerSpring.target)
        scaleSpring.retarget(to: scaleSpring.target)
        panXSpring.retarget(to: panXSpring.target)
        panYSpring.retarget(to: panYSpring.target)
        dismissSpring.retarget(to: dismissSpring.target)
    }

    func changePage(to target: Int, velocity: Double) {
        let delta = target - pager.index
        pager.index = target
        // Re-base so the strip doesn't jump: the new page is |delta| pages closer.
        pagerSpring.reset(value: pagerSpring.value + Double(delta) * pager.pageWidth, velocity: velocity)
        pagerSpring.retarget(to: 0)
        setZoomImmediately(scale: 1, pan: .zero)
        events.append(ViewerEvent(.pageChanged, index: target))
    }

    func setZoomImmediately(scale: Double, pan: Point) {
        zoom.scale = scale
        zoom.pan = pan
        scaleSpring.reset(value: scale)
        scaleSpring.retarget(to: scale)
        panXSpring.reset(value: pan.x)
        panXSpring.retarget(to: pan.x)
        panYSpring.reset(value: pan.y)
        panYSpring.retarget(to: pan.y)
    }

    func animateZoom(to scale: Double, pan: Point, velocity: Point) {
        scaleSpring.reset(value: scaleSpring.value)
        scaleSpring.retarget(to: scale)
        panXSpring.reset(value: panXSpring.value, velocity: velocity.x)
        panXSpring.retarget(to: pan.x)
        panYSpring.reset(value: panYSpring.value, velocity: velocity.y)
        panYSpring.retarget(to: pan.y)
        zoom.scale = scale
        zoom.pan = pan
    }

    /// Release of a pan or pinch: bounce scale back into its limits around the
    /// last focal point, fling the pan with its projected momentum, clamp to bounds.
    func settleZoom(velocity v: Point) {
        zoom.scale = scaleSpring.value
        zoom.pan = Point(x: panXSpring.value, y: panYSpring.value)
        let t = zoom.settledTarget(
            focal: mode == .pinching ? lastFocal : Point(x: viewport.width * 0.5, y: viewport.height * 0.5))
        let r = configuration.decelerationRate
        let projected = Point(
            x: t.pan.x + EngineMath.projectedDistance(velocity: v.x, decelerationRate: r),
            y: t.pan.y + EngineMath.projectedDistance(velocity: v.y, decelerationRate: r))
        let target = zoom.clampedPan(projected, at: t.scale)
        animateZoom(to: t.scale, pan: target, velocity: Point(x: v.x * 1000, y: v.y * 1000))
    }
}
