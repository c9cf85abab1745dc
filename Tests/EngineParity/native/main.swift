// Runs fixed GalleryEngine scenarios through the Swift API and prints one JSON
// line per scenario: {"scenario": name, "input": [...], "values": [...]}.
// Tests/EngineParity/parity.mjs replays the same scenarios through
// the engine's JavaScript bindings on engine-all.wasm (using `input` where given) and compares.
import GalleryEngine

// Links libm: unoptimised builds of the stdlib call `sqrt`/`round` from it.
#if canImport(Glibc)
    import Glibc
#endif

var lines: [String] = []

@MainActor
func emit(_ name: String, _ values: [Double], input: [Double] = []) {
    func list(_ xs: [Double]) -> String {
        xs.map { v -> String in
            if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
            return "\(v)"
        }.joined(separator: ",")
    }
    lines.append("{\"scenario\":\"\(name)\",\"input\":[\(list(input))],\"values\":[\(list(values))]}")
}

func aspects(_ n: Int, seed: UInt32 = 0x9E37_79B9) -> [Float] { SampleAspects.generate(count: n, seed: seed) }

func layoutSummary(_ l: GalleryLayout) -> [Double] {
    var v: [Double] = [Double(l.itemCount), Double(l.rowCount), Double(l.sectionCount), l.contentHeight]
    var sum = 0.0
    var buf = [Float](repeating: 0, count: 4 * l.itemCount)
    buf.withUnsafeMutableBufferPointer { l.writeFrames(of: 0..<l.itemCount, originY: 0, into: $0.baseAddress!) }
    for k in 0..<buf.count { sum += Double(buf[k]) }
    v.append(sum)
    for i in stride(from: 0, to: l.itemCount, by: 97) {
        let f = l.frame(ofItem: i)
        v += [f.x, f.y, f.width, f.height]
    }
    for s in 0..<l.sectionCount {
        let h = l.headerFrame(ofSection: s)
        v += [Double(l.sectionStart(s)), h.y]
    }
    return v
}

// MARK: Layout

let justifiedConfig = LayoutConfiguration.justified(
    width: 1200, targetRowHeight: 200, spacing: 4, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12),
    headerHeight: 40)
let sectionStarts: [Int32] = stride(from: 0, to: 5000, by: 500).map { Int32($0) }
let data = aspects(5000)

let justified = GalleryLayout(configuration: justifiedConfig)
justified.append(aspectRatios: data, sectionStarts: sectionStarts)
emit("layout.justified", layoutSummary(justified))

let incremental = GalleryLayout(configuration: justifiedConfig)
var at = 0
var firstChanged: [Double] = []
while at < data.count {
    let n = min(333, data.count - at)
    let starts = sectionStarts.filter { Int($0) >= at && Int($0) < at + n }
    incremental.append(aspectRatios: Array(data[at..<(at + n)]), sectionStarts: starts)
    firstChanged.append(Double(incremental.firstChangedItem))
    at += n
}
emit("layout.justified.incremental", layoutSummary(incremental) + firstChanged)

let grid = GalleryLayout(
    configuration: .grid(width: 1000, minimumTileWidth: 150, tileAspectRatio: 1, spacing: 2, headerHeight: 30))
grid.append(aspectRatios: Array(data[0..<1234]), sectionStarts: [0, 100, 101, 700])
emit("layout.grid", layoutSummary(grid) + [Double(grid.grid.columns)])

grid.reconfigure(.grid(width: 600, minimumTileWidth: 100, tileAspectRatio: 4.0 / 3.0, spacing: 4))
emit("layout.grid.reconfigured", layoutSummary(grid))

var hits: [Double] = []
for (x, y) in [(10.0, 20.0), (500, 700), (1190, 4000), (3, 3), (600, 100_000)] {
    hits.append(Double(justified.item(at: Point(x: x, y: y)) ?? -1))
}
emit("layout.hit", hits)

// MARK: Virtualization

var virtualizer = Virtualizer()
var vOut: [Double] = []
let scrolls: [(Double, Double)] = [
    (0, 0), (300, 0.5), (2000, 3), (2100, 3), (50_000, 0), (49_000, -6), (justified.contentHeight - 900, 0),
    (-200, -1),
]
for (offset, velocity) in scrolls {
    let u = virtualizer.update(layout: justified, contentOffset: offset, viewportHeight: 900, velocity: velocity)
    for r in [u.visible, u.prefetch, u.retained, u.releasedBefore, u.releasedAfter] {
        vOut += [Double(r.lowerBound), Double(r.upperBound)]
    }
}
emit("virtualize", vOut)

var spaceOut: [Double] = []
for (h, vh) in [(400_000_000.0, 900.0), (20_000.0, 900.0)] {
    let s = ScrollSpace(contentHeight: h, viewportHeight: vh)
    spaceOut.append(s.scrollHeight)
    for top in [0.0, 1234.5, 7_000_000, 14_999_100, 20_000_000] {
        let c = s.contentOffset(forScrollTop: top)
        spaceOut += [c, s.scrollTop(forContentOffset: c), s.domY(forContentY: c + 333, scrollTop: top)]
    }
}
emit("scrollspace", spaceOut)

// MARK: Timeline

do {
    let t = TimelineLayout(
        configuration: TimelineConfiguration(layout: justifiedConfig, averageAspectRatio: 1.3, yearHeaderHeight: 24))
    t.setMonths([
        TimelineMonth(year: 2026, month: 3, count: 5000), TimelineMonth(year: 2026, month: 1, count: 3000),
        TimelineMonth(year: 2025, month: 12, count: 12000), TimelineMonth(year: 2025, month: 11, count: 700),
    ])
    var out: [Double] = [t.contentHeight]
    out.append(t.setItems(section: 1, start: 500, aspectRatios: Array(data[0..<1000]), anchorY: t.sectionTop(2) + 50))
    out.append(t.setItems(section: 1, start: 0, aspectRatios: Array(data[1000..<1500]), anchorY: t.sectionTop(2) + 50))
    out.append(
        t.insertItems(section: 0, at: 10, aspectRatios: Array(data[2000..<2020]), anchorY: t.sectionTop(1) + 900))
    for s in 0..<4 { out += [t.sectionTop(s), t.sectionBodyHeight(s)] }
    for (s, i) in [(0, 0), (0, 15), (1, 499), (1, 500), (1, 1499), (1, 2999), (2, 6000), (3, 699)] {
        let f = t.frame(section: s, item: i)!
        out += [f.x, f.y, f.width, f.height]
    }
    for y in [0.0, 5000, 20000, 60000, t.contentHeight - 900] {
        let w = t.window(contentOffset: y, viewportHeight: 900, velocity: 1)
        out += [Double(w.visible.count), Double(w.overscan.count)]
        for span in w.visible + w.overscan {
            out += [
                Double(span.section), Double(span.items.lowerBound), Double(span.items.upperBound),
                span.headerIntersects ? 1 : 0,
            ]
        }
    }
    var planner = TimelinePlanner()
    planner.configuration.pageSize = 100
    for (y, v) in [(20000.0, 0.0), (20000, 2), (60000, -3), (1000, 100)] {
        let plan = planner.plan(layout: t, contentOffset: y, viewportHeight: 900, velocity: v)
        out += [Double(plan.requests.count), Double(plan.cancelled.count)]
        for r in plan.requests + plan.cancelled {
            out += [Double(r.id), Double(r.section), Double(r.items.lowerBound), Double(r.items.upperBound)]
        }
    }
    emit("timeline", out)
}

// MARK: Springs

var springOut: [Double] = []
for zeta in [0.3, 0.75, 1.0, 1.5, 3.0] {
    for t in [0.0, 0.016, 0.1, 0.5, 2.0] {
        let r = Spring.evaluate(displacement: 100, velocity: -700, time: t, angularFrequency: 12, dampingRatio: zeta)
        springOut += [r.displacement, r.velocity]
    }
}
emit("spring.evaluate", springOut)

let pool = SpringPool(capacity: 4)
pool.configure(0, parameters: .standard)
pool.configure(1, parameters: .pageChange)
pool.configure(2, parameters: SpringParameters(response: 0.6, dampingRatio: 1.8), restDistance: 0.001, restSpeed: 0.01)
pool.configure(3, parameters: SpringParameters(response: 0.3, dampingRatio: 0.4), restDistance: 0.5, restSpeed: 20)
for i in 0..<4 {
    pool.reset(i, value: Double(i) * 50, velocity: 300 - Double(i) * 200)
    pool.retarget(i, to: 400 - Double(i) * 90)
}
var poolOut: [Double] = []
for frame in 0..<150 {
    if frame == 20 { pool.retarget(0, to: -100) }
    poolOut.append(Double(pool.step(0.016)))
    if frame % 5 == 0 { for i in 0..<4 { poolOut += [pool.value(i), pool.velocity(i)] } }
}
emit("spring.pool", poolOut)

/// Animation frames on the page's clock: a run's first frame, even and uneven intervals, a stall, a
/// clock that went back.
let frameTimes: [Double] = [0, 1000, 1016.7, 1033.3, 1070, 1086.7, 4000, 4016.7, 4010, 4026.7, 4043.3]
let framed = SpringPool(capacity: 1)
framed.configure(0, parameters: .standard)
framed.reset(0, value: 0, velocity: 800)
framed.retarget(0, to: 300)
var framedOut: [Double] = []
for k in 1..<frameTimes.count {
    let step = FrameStep.milliseconds(now: frameTimes[k], previous: frameTimes[k - 1])
    framedOut += [Double(framed.step(step / 1000)), framed.value(0), framed.velocity(0)]
}
emit("spring.frames", framedOut)

// The info sheet's release: (distance px, duration ms) pairs either side of each threshold.
let releases: [(Double, Double)] = [
    (81, 5000), (80, 5000), (30, 50), (30, 60), (10, 1), (11, 0), (-200, 10), (50, 1e9),
]
emit("policy.sheet", releases.map { GalleryPolicy().sheetDismisses(distance: $0.0, duration: $0.1) ? 1 : 0 })

// The viewer's flights: tiles either side of the screen's edges, flicks toward and away from the tile,
// the frames an open shows the flight alone, and reveals of items under the bar, on screen and below it.
let tiles: [(Double, Double)] = [(100, 200), (-199, 200), (-200, 200), (799, 200), (800, 200)]
let flicks: [(Double, Double)] = [(1000, 400), (-1000, -400), (5000, 100), (-1000, 400), (1000, 1), (1000, 1.5)]
let reveals: [Double] = [1059, 1060, 1700, 1701, 5000]
var flight = tiles.map { GalleryPolicy().tileFlies(y: $0.0, height: $0.1, viewportHeight: 800) ? 1.0 : 0 }
flight += flicks.map { GalleryPolicy().closeFlightVelocity(releaseVelocity: $0.0, distance: $0.1) }
flight += [0, 1, 2].map { GalleryPolicy().deckWaits(framesShown: $0) ? 1.0 : 0 }
flight += reveals.map {
    GalleryPolicy().revealOffset(y: $0, height: 100, offset: 1000, topBar: 60, viewportHeight: 800) ?? -1
}
emit("policy.flight", flight)

// The scrubber's track: whether it shows, its extent, and its mappings either side of its ends.
var scrubber: [Double] = []
for (bar, viewport, maximum) in [(60.0, 900.0, 10_000.0), (60, 900, 899), (0, 70, 500), (.nan, 900, .infinity)] {
    let track = ScrubberTrack(topBar: bar, viewportHeight: viewport, maximumOffset: maximum)
    scrubber += [track.shows ? 1 : 0, track.top, track.height]
    for v in [-50.0, 0, 1_000, 5_000, 10_500] {
        scrubber += [
            track.fraction(offset: v), track.handleY(offset: v), track.labelY(contentY: v), track.offset(y: v),
        ]
    }
}
emit("policy.scrubber", scrubber)

// MARK: Gestures

/// Ops: [phase(0…3) or 4 = tick, time, x, y, pointerID]
func line(
    _ ops: inout [Double], id: Double, from: (Double, Double), to: (Double, Double), t0: Double, ms: Double, steps: Int
) {
    for k in 1...steps {
        let f = Double(k) / Double(steps)
        ops += [1, t0 + ms * f, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f, id]
    }
}
func ticks(_ ops: inout [Double], from t0: Double, count: Int) {
    for k in 1...count { ops += [4, t0 + Double(k) * 16, 0, 0, 0] }
}

@MainActor
func runViewer(_ name: String, aspect: Double, index: Int, ops: [Double], prelude: ((ViewerGestures) -> Void)? = nil) {
    let v = ViewerGestures(viewport: Size(width: 400, height: 800), index: index, count: 6, photoAspectRatio: aspect)
    v.tick(time: 0)
    prelude?(v)
    var out: [Double] = []
    var k = 0
    while k < ops.count {
        let op = ops[k]
        if op == 4 {
            v.tick(time: ops[k + 1])
        } else if op == 5 {
            v.zoom(to: ops[k + 1], around: Point(x: ops[k + 2], y: ops[k + 3]), animated: ops[k + 4] != 0)
        } else if op == 6 {
            var c = v.configuration
            c.dismissThreshold = ops[k + 1]
            c.secondaryScale = ops[k + 2]
            c.pageSpring = SpringParameters(response: ops[k + 3], dampingRatio: ops[k + 4])
            v.configure(c)
        } else {
            v.handle(
                PointerSample(
                    PointerSample.Phase(rawValue: Int32(op))!, time: ops[k + 1], x: ops[k + 2], y: ops[k + 3],
                    pointerID: Int32(ops[k + 4])))
        }
        let s = v.state
        out += [
            Double(s.index), s.pagerOffset, s.scale, s.panX, s.panY, s.dismissOffset, s.backgroundOpacity,
            Double(s.mode.rawValue), s.isAnimating ? 1 : 0,
        ]
        for e in v.drainEvents() { out += [-1, Double(e.kind.rawValue), e.x, e.y, Double(e.index)] }
        k += 5
    }
    let f = v.currentFrame()
    out += [f.image.x, f.image.y, f.image.width, f.image.height, f.clip.x, f.clip.y, f.clip.width, f.clip.height]
    emit(name, out, input: [aspect, Double(index)] + ops)
}

do {
    var ops: [Double] = [0, 100, 300, 400, 1]
    line(&ops, id: 1, from: (300, 400), to: (220, 402), t0: 100, ms: 80, steps: 5)
    ops += [2, 180, 220, 402, 1]
    ticks(&ops, from: 180, count: 40)
    runViewer("viewer.flick", aspect: 1.5, index: 2, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 300, 400, 1]
    line(&ops, id: 1, from: (300, 400), to: (200, 400), t0: 100, ms: 1000, steps: 60)
    ops += [2, 1116, 200, 400, 1]
    ticks(&ops, from: 1116, count: 40)
    runViewer("viewer.slowdrag", aspect: 1.5, index: 2, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 50, 400, 1]
    line(&ops, id: 1, from: (50, 400), to: (350, 400), t0: 100, ms: 300, steps: 18)
    ops += [2, 600, 350, 400, 1]
    ticks(&ops, from: 600, count: 30)
    runViewer("viewer.rubberband", aspect: 1.5, index: 0, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 150, 400, 1, 0, 100, 250, 400, 2]
    for k in 1...24 {
        let t = 100 + Double(k) * 16
        let spread = 50 + Double(k) * 12
        ops += [1, t, 180 - spread, 420, 1, 1, t, 180 + spread, 420, 2]
    }
    ops += [2, 500, 180 + 338, 420, 2, 2, 516, 180 - 338, 420, 1]
    ticks(&ops, from: 516, count: 60)
    runViewer("viewer.pinch", aspect: 0.75, index: 1, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 200, 300, 1]
    line(&ops, id: 1, from: (200, 300), to: (202, 360), t0: 100, ms: 48, steps: 3)
    ops += [2, 148, 202, 360, 1]
    runViewer("viewer.dismiss", aspect: 1.5, index: 3, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 200, 300, 1]
    line(&ops, id: 1, from: (200, 300), to: (200, 380), t0: 100, ms: 1600, steps: 100)
    ops += [2, 1716, 200, 380, 1]
    ticks(&ops, from: 1716, count: 50)
    runViewer("viewer.dismiss.cancel", aspect: 1.5, index: 3, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 100, 300, 1, 2, 160, 100, 300, 1, 0, 280, 104, 303, 1, 2, 340, 104, 303, 1]
    ticks(&ops, from: 340, count: 60)
    ops += [0, 1500, 200, 300, 1]
    line(&ops, id: 1, from: (200, 300), to: (200, 420), t0: 1500, ms: 64, steps: 4)
    ops += [2, 1564, 200, 420, 1]
    ticks(&ops, from: 1564, count: 60)
    runViewer("viewer.doubletap.pan", aspect: 0.5, index: 2, ops: ops)
}
do {
    var ops: [Double] = [0, 100, 150, 150, 1]
    ticks(&ops, from: 100, count: 40)
    ops += [2, 800, 150, 150, 1, 0, 1000, 50, 50, 1, 2, 1050, 50, 50, 1]
    ticks(&ops, from: 1050, count: 30)
    runViewer("viewer.taps", aspect: 1.5, index: 2, ops: ops)
}

do {
    // Direct zoom (animated, then immediate), then live tuning: a slow short drag that now dismisses.
    var ops: [Double] = [5, 3, 100, 200, 1]
    ticks(&ops, from: 100, count: 40)
    ops += [5, 1.4, 300, 600, 0, 5, 0.2, 0, 0, 1]
    ticks(&ops, from: 800, count: 60)
    ops += [6, 0.05, 3.5, 0.6, 0.9, 0, 2000, 200, 300, 1]
    line(&ops, id: 1, from: (200, 300), to: (200, 380), t0: 2000, ms: 1600, steps: 100)
    ops += [2, 3616, 200, 380, 1]
    runViewer("viewer.zoomto.configure", aspect: 0.6, index: 2, ops: ops)
}

var tapOut: [Double] = []
var taps = TapRecognizer()
tapOut.append(Double(taps.begin(time: 0, point: Point(x: 0, y: 0)).rawValue))
tapOut.append(Double(taps.end(time: 50, point: Point(x: 0, y: 0)).rawValue))
tapOut.append(Double(taps.begin(time: 150, point: Point(x: 60, y: 0)).rawValue))
tapOut.append(Double(taps.end(time: 200, point: Point(x: 60, y: 0)).rawValue))
tapOut.append(Double(taps.tick(time: 600).rawValue))
tapOut += [taps.eventPoint.x, taps.eventPoint.y]
emit("taps", tapOut)

var mathOut: [Double] = []
for (dx, vx) in [(-100.0, -0.3), (-100, -0.6), (-150, -0.4), (-250, 1), (300, 0), (0, 0.7)] {
    mathOut.append(Double(Pager(index: 2, count: 5, pageWidth: 416).targetIndex(forDrag: dx, velocity: vx)))
}
let dismiss = DismissGesture(viewportHeight: 800)
for (dy, vy) in [(110.0, 0.0), (100, 0), (20, 0.5), (200, -1)] {
    mathOut += [dismiss.shouldDismiss(offset: dy, velocity: vy) ? 1 : 0, dismiss.backgroundOpacity(offset: dy)]
}
for o in [-500.0, -10, 0, 33.3, 1000] { mathOut.append(EngineMath.rubberBand(o, dimension: 416)) }
mathOut.append(EngineMath.projectedDistance(velocity: 0.77, decelerationRate: 0.995))
emit("gesture.math", mathOut)

// MARK: Geometry

var geoOut: [Double] = []
let tile = Rect(x: 30, y: 500, width: 120, height: 90)
let viewport = Rect(x: 0, y: 0, width: 400, height: 800)
for aspect in [0.1, 0.75, 1.5, 10] {
    for p in [-0.3, 0, 0.25, 0.5, 1, 1.2] {
        let f = TransitionGeometry.open(aspectRatio: aspect, tile: tile, viewport: viewport, progress: p)
        geoOut += [
            f.image.x, f.image.y, f.image.width, f.image.height, f.clip.x, f.clip.y, f.clip.width, f.clip.height,
        ]
    }
    let fit = TransitionGeometry.aspectFit(aspectRatio: aspect, in: viewport)
    let fill = TransitionGeometry.aspectFill(aspectRatio: aspect, in: tile)
    geoOut += [fit.x, fit.y, fit.width, fit.height, fill.x, fill.y, fill.width, fill.height]
}
let from = TransitionGeometry.viewerFrame(
    aspectRatio: 1.5, viewport: viewport, scale: 1.7, offset: Point(x: 12, y: 140))
let lerp = TransitionGeometry.interpolate(
    from: from, to: TransitionGeometry.tileFrame(aspectRatio: 1.5, tile: tile), progress: 0.4)
geoOut += [
    lerp.image.x, lerp.image.y, lerp.image.width, lerp.image.height, lerp.clip.x, lerp.clip.y, lerp.clip.width,
    lerp.clip.height,
]
emit("geometry", geoOut)

// MARK: Deck

var deckOut: [Double] = []
for (current, loaded, total, direction, speed) in [
    (10, 100, 100, 0, 0.0), (10, 100, 100, 1, 1.2), (10, 100, 100, -1, 9), (0, 50, 1000, -1, 0), (42, 50, 1000, 1, 0),
    (48, 50, 50, 1, 0), (45, 50, -1, 1, 0),
] {
    let plan = DeckPlanner().plan(current: current, loaded: loaded, total: total, direction: direction, speed: speed)
    deckOut += [Double(plan.indices.count)] + plan.indices.map(Double.init) + [plan.shouldLoadMore ? 1 : 0]
}
for (width, interval) in [(400.0, 200.0), (390, 499), (390, 500), (1000, 0), (1000, -3)] {
    deckOut.append(DeckPlanner().swipeSpeed(pageWidth: width, interval: interval))
}
emit("deck", deckOut)

// MARK: Diff

var seed: UInt32 = 12345
@MainActor
func next() -> UInt32 {
    seed ^= seed << 13
    seed ^= seed >> 17
    seed ^= seed << 5
    return seed
}
for round in 0..<6 {
    let n = 20 + round * 37
    var old: [Int32] = (0..<n).map { Int32($0) }
    var new = old
    for _ in 0..<(n / 4) {
        let a = Int(next() % UInt32(new.count))
        let b = Int(next() % UInt32(new.count))
        new.swapAt(a, b)
    }
    for _ in 0..<(n / 6) { new.remove(at: Int(next() % UInt32(new.count))) }
    for k in 0..<(n / 5) { new.insert(Int32(1000 + k), at: Int(next() % UInt32(new.count + 1))) }
    if round == 5 { old += [3, 3, 7] }  // duplicates
    let d = Diff.diff(old: old, new: new)
    var out: [Double] = [Double(d.deletes.count), Double(d.inserts.count), Double(d.moveFrom.count)]
    out += d.deletes.map(Double.init) + d.inserts.map(Double.init)
    for q in 0..<d.moveFrom.count { out += [Double(d.moveFrom[q]), Double(d.moveTo[q])] }
    emit("diff.\(round)", out, input: [Double(old.count)] + old.map(Double.init) + new.map(Double.init))
}

// MARK: Live changes

// Months of places (some not loaded) filled in one call, then batches of change-feed messages (inserts,
// updates, deletes, of photos here and not) applied in one call each under five rule sets; the input
// carries every place and change, the values every outcome and the run's count after each batch.
for round in 0..<5 {
    let ruleSets: [Int32] = [23, 17, 19, 31, 7]  // 1 bounded above, 2 below, 4 keeps gaps, 8 filtered, 16 by date
    let flags = ruleSets[round]
    let rules = LiveChangeRules(
        boundedAbove: flags & 1 != 0, boundedBelow: flags & 2 != 0, keepsGaps: flags & 4 != 0,
        isFiltered: flags & 8 != 0, isOrderedByDate: flags & 16 != 0)
    let count = 50 + Int(next() % 400)
    var input: [Double] = [Double(flags), Double(count)]
    var ids: [UInt8] = []
    var places: [(Int64, Int)] = []
    for k in 0..<count {
        // About one place in five not loaded; two photos a time, the larger id first, as a month is.
        let loaded = next() % 5 != 0
        let takenAt = Int64(4_000_000 - 3600 * (k / 2)) * 1000
        input += [loaded ? Double(takenAt) : -1, Double(999_999 - k)]
        let id = Array("p\(999_999 - k)".utf8)
        places.append((takenAt, loaded ? id.count : -1))
        if loaded { ids += id }
    }
    var keys = LiveKeys()
    _ = ids.withUnsafeBufferPointer { buffer in keys.fill(ids: buffer, count: count) { places[$0] } }
    var out: [Double] = []
    for _ in 0..<3 {
        let n = 1 + Int(next() % 60)
        input.append(Double(n))
        var changes: [LiveChange<PhotoSortKey>] = []
        for _ in 0..<n {
            let kind = Int32(next() % 3)
            let number = next() % 2 == 0 ? 999_999 - Int(next() % UInt32(count)) : 10_000 + Int(next() % 40)
            let takenAt = Int64(4_000_000 - 3600 * Int(next() % UInt32(count / 2 + 1))) * 1000
            input += [Double(kind), Double(number), Double(takenAt)]
            let key = PhotoSortKey(takenAt: takenAt, id: Array("p\(number)".utf8))
            let change = LiveChange<PhotoSortKey>.Kind(rawValue: kind)!
            changes.append(LiveChange(kind: change, id: key.id, key: key, photo: change == .delete ? nil : key))
        }
        for o in rules.apply(changes, to: &keys) {
            out += [
                Double(o.removed ?? -1), Double(o.inserted ?? -1), o.isExact ? 1 : 0, Double(o.replaced ?? -1),
                o.isUncertain ? 1 : 0,
            ]
        }
        out.append(Double(keys.count))
    }
    emit("live.batch.\(round)", out, input: input)
}

// MARK: Gallery session

// A recorded event script: the native session reacts to its own frames (answering the loads it asks
// for), and the script (op codes and arguments, see parity.mjs) and every frame are emitted, so the wasm
// session can replay the same events and must give the same frames.
let session = GallerySession(
    configuration: TimelineConfiguration(
        layout: .grid(width: 1000, minimumTileWidth: 100, headerHeight: 36), yearHeaderHeight: 36))
var script: [Double] = []
var frames: [Double] = []
var lastFrame = GalleryFrame()

@MainActor
func record(_ event: GalleryEvent, _ code: [Double]) {
    let f = session.handle(event)
    lastFrame = f
    script += code
    frames += [
        f.scrollTo ?? -1, f.contentHeight, f.velocity, f.isFling ? 1 : 0, Double(f.pageSize), f.retryAt ?? -1,
        f.failureStands ? 1 : 0, Double(f.viewer ?? -1), Double(f.start.count), Double(f.cancel.count),
        Double(f.visible.count), f.offset, f.tickAt ?? -1, f.holding ? 1 : 0, f.mount.top, f.mount.bottom,
        f.reach.top, f.reach.bottom, f.retain.top, f.retain.bottom, f.longPress ? 1 : 0, Double(f.selected),
        f.selectionChanged ? 1 : 0, Double(f.open ?? -1), f.painting ? 1 : 0, Double(f.partial),
    ]
    for r in f.start + f.cancel {
        frames += [Double(r.id), Double(r.section), Double(r.items.lowerBound), Double(r.items.upperBound)]
    }
    for v in f.visible {
        frames += [
            Double(v.section), Double(v.items.lowerBound), Double(v.items.upperBound), v.headerIntersects ? 1 : 0,
        ]
    }
}

/// A page's photos: the sample aspects seeded by its id.
func pageAspects(_ id: Int32, _ n: Int) -> [Float] { aspects(n, seed: UInt32(id) &* 7919 &+ 1) }

@MainActor
func answer(at time: Double) {
    for r in lastFrame.start {
        let n = r.items.count
        record(
            .pageArrived(id: r.id, aspectRatios: pageAspects(r.id, n), time: time), [6, Double(r.id), Double(n), time])
    }
}

@MainActor
func recordMonths(_ months: [TimelineMonth]) {
    record(
        .months(months),
        [2, Double(months.count)] + months.flatMap { [Double($0.year), Double($0.month), Double($0.count)] })
}

let library: [TimelineMonth] = (0..<30).map { k in
    let year = Int32(2024 - k / 12)
    let month = Int32(12 - k % 12)
    let count = 1000 + (397 * k) % 2500
    return TimelineMonth(year: year, month: month, count: count)
}
record(.viewport(width: 1000, height: 800, density: 2), [1, 1000, 800, 2])
recordMonths(library)
record(.tick(time: 10), [9, 10])
answer(at: 30)
record(.release, [13])
answer(at: 40)
var clock = 100.0
for k in 1...12 {
    clock += 16 + Double(k % 3)
    record(.scroll(offset: Double(k * k) * 3.5, time: clock), [3, Double(k * k) * 3.5, clock])
}
answer(at: clock)
for k in 1...20 {
    clock += 16
    let y = 504 + Double(k) * 7.3 * 16
    record(.scroll(offset: y, time: clock), [3, y, clock])
}
clock += 50
record(.tick(time: clock), [9, clock])
answer(at: clock + 70)
record(.key(.end), [4, 2])
answer(at: clock + 90)
record(.key(.home), [4, 1])
record(.key(.pageDown), [4, 4])
record(.key(.pageDown), [4, 4])
record(.key(.pageUp), [4, 3])
if let failing = lastFrame.start.first ?? session.planner.inFlight.first {
    record(.pageFailed(id: failing.id, time: clock + 100), [7, Double(failing.id), clock + 100])
}
record(.tick(time: clock + 600), [9, clock + 600])
record(.tick(time: clock + 1100), [9, clock + 1100])
answer(at: clock + 1150)
record(.retryNow(time: clock + 1200), [8, clock + 1200])
record(.jump(offset: 40_000), [16, 40_000])
record(.scroll(offset: 40_016, time: clock + 1216), [3, 40_016, clock + 1216])
record(.scrubbing(true), [5, 1])
record(.scroll(offset: 90_000, time: clock + 1300), [3, 90_000, clock + 1300])
record(.scrubbing(false), [5, 0])
answer(at: clock + 1400)
record(.inserted(section: 0, index: 3, aspectRatios: pageAspects(99, 7)), [10, 0, 3, 7])
record(.deleted(section: 0, index: 5), [18, 0, 5])
record(.deleted(section: 2, index: 0), [18, 2, 0])
record(.viewer(index: 12, count: 40), [11, 12, 40])
record(.removed([12, 3]), [12, 2, 12, 3])
record(.viewport(width: 390, height: 844, density: 3), [1, 390, 844, 3])
answer(at: clock + 1500)
record(.viewport(width: 1000, height: 800, density: 2), [1, 1000, 800, 2])
var narrow = TimelineConfiguration(
    layout: .grid(width: 700, minimumTileWidth: 100, headerHeight: 36), yearHeaderHeight: 36)
narrow.layout.insets.top = 56
record(.layout(narrow), [15, 700])
record(.placed(section: 2, start: 0, aspectRatios: pageAspects(77, 50)), [14, 2, 0, 50])
record(.tick(time: clock + 1550), [9, clock + 1550])
recordMonths([])
recordMonths(library)
record(.tick(time: clock + 1560), [9, clock + 1560])
answer(at: clock + 1600)
// A touch held on a tile: another finger's move and one within the slop keep it, the tick at its time
// opens the menu; then one that moves too far, and one the grid scrolls under.
let t = clock + 1700
record(.pointer(.down, x: 120, y: 300, id: 7, time: t), [17, 1, 120, 300, 7, t, -1])
record(.pointer(.move, x: 160, y: 300, id: 8, time: t + 50), [17, 2, 160, 300, 8, t + 50, -1])
record(.pointer(.move, x: 126, y: 306, id: 7, time: t + 100), [17, 2, 126, 306, 7, t + 100, -1])
record(.tick(time: t + 500), [9, t + 500])
record(.pointer(.up, x: 126, y: 306, id: 7, time: t + 700), [17, 3, 126, 306, 7, t + 700, -1])
record(.pointer(.down, x: 50, y: 50, id: 9, time: t + 900), [17, 1, 50, 50, 9, t + 900, -1])
record(.pointer(.move, x: 50, y: 61, id: 9, time: t + 950), [17, 2, 50, 61, 9, t + 950, -1])
record(.tick(time: t + 1400), [9, t + 1400])
record(.pointer(.down, x: 50, y: 50, id: 10, time: t + 1500), [17, 1, 50, 50, 10, t + 1500, -1])
record(.scroll(offset: 300, time: t + 1550), [3, 300, t + 1550])
record(.tick(time: t + 2000), [9, t + 2000])
// The selection: a click opens, a check toggles, Shift extends, a month's heading, all, clear; a long
// press on a tile that paints across others and back.
let u = t + 2100
record(.select(.click(index: 3, extend: false, toggle: false, time: u)), [19, 1, 3, 0, u])
record(.select(.click(index: 3, extend: false, toggle: true, time: u + 10)), [19, 1, 3, 2, u + 10])
record(.select(.click(index: 40, extend: true, toggle: false, time: u + 20)), [19, 1, 40, 1, u + 20])
record(.select(.click(index: 7, extend: false, toggle: false, time: u + 30)), [19, 1, 7, 0, u + 30])
record(.select(.month(section: 1)), [19, 2, 1, 0, 0])
record(.select(.month(section: 1)), [19, 2, 1, 0, 0])
record(.select(.all), [19, 3, 0, 0, 0])
record(.select(.clear), [19, 4, 0, 0, 0])
record(.pointer(.down, x: 120, y: 300, id: 11, time: u + 100, item: 12), [17, 1, 120, 300, 11, u + 100, 12])
record(.tick(time: u + 600), [9, u + 600])
record(.pointer(.move, x: 300, y: 500, id: 11, time: u + 650, item: 35), [17, 2, 300, 500, 11, u + 650, 35])
record(.pointer(.move, x: 100, y: 200, id: 11, time: u + 700, item: 2), [17, 2, 100, 200, 11, u + 700, 2])
record(.pointer(.up, x: 100, y: 200, id: 11, time: u + 750, item: 2), [17, 3, 100, 200, 11, u + 750, 2])
record(.select(.click(index: 2, extend: false, toggle: false, time: u + 760)), [19, 1, 2, 0, u + 760])
// Places held in part: two runs, one moved by a live insert, needed at once and read; and the same
// again, read once nothing else loads.
record(.partial(section: 0, start: 0, count: 30), [20, 0, 0, 30])
record(.partial(section: 1, start: 10, count: 5), [20, 1, 10, 5])
record(.inserted(section: 1, index: 2, aspectRatios: pageAspects(99, 2)), [10, 1, 2, 2])
record(.wantsFull, [21])
answer(at: u + 800)
record(.partial(section: 2, start: 0, count: 8), [20, 2, 0, 8])
record(.tick(time: u + 900), [9, u + 900])
answer(at: u + 950)
// The arrow keys' photos in the layout the script ends with (parity.mjs's NEIGHBOURS).
let neighbours = [
    (0, 1), (0, -1), (0, 2), (5, 2), (5, -2), (1020, 2), (1030, -2), (4000, 1), (-3, 2), (1_000_000_000, -2),
]
for (index, step) in neighbours { frames.append(Double(session.layout.neighbour(of: index, step: step))) }
emit("session", frames, input: script)

for l in lines { print(l) }
