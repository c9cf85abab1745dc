// The C ABI exported to JavaScript from `engine.wasm` (see Web/engine/engine.js).
//
// Rules of the boundary: only numbers and pointers into linear memory cross
// it. Objects live here and JS refers to them by small integer handles
// (1-based, 0 = none). Bulk data moves through typed-array views over buffers
// this module owns; multi-value results are written to the shared `io` block
// of 64 doubles. These functions also compile natively (they are ordinary
// Swift), so the test suite exercises the same glue the browser uses.
//
// Wasm is single-threaded, so the handle tables are plain globals
// (`nonisolated(unsafe)`); native callers must not use this ABI concurrently.

/// Base of everything JS holds a handle to. One table of one class type keeps
/// a single `Array` specialization in the binary (each costs ~0.5 KB of wasm).
class WasmObject {}

/// Per-layout state the ABI needs besides the layout itself.
final class LayoutSlot: WasmObject {
    let layout: GalleryLayout
    var virtualizer = Virtualizer()
    var sectionInput = Column<Int32>()
    var frames = Column<Float>()
    init(_ layout: GalleryLayout) { self.layout = layout }
    deinit {
        sectionInput.deallocate()
        frames.deallocate()
    }
}

/// Per-viewer state buffers.
final class ViewerSlot: WasmObject {
    let viewer: ViewerGestures
    let state = UnsafeMutablePointer<Double>.allocate(capacity: 12)
    var events = Column<Double>()
    init(_ viewer: ViewerGestures) { self.viewer = viewer }
    deinit {
        state.deallocate()
        events.deallocate()
    }
}

final class SpringSlot: WasmObject {
    let pool: SpringPool
    init(_ pool: SpringPool) { self.pool = pool }
}

final class TapSlot: WasmObject {
    var recognizer = TapRecognizer()
}

/// Kinds of handle, so lookups can check what they get without dynamic casts.
enum WasmKind: UInt8 {
    case layout = 1
    case springs = 2
    case viewer = 3
    case taps = 4
    case timeline = 5
    case live = 6
    case session = 7
}

nonisolated(unsafe) var wasmObjects: [WasmObject?] = []
nonisolated(unsafe) var wasmKinds: [UInt8] = []
nonisolated(unsafe) var wasmIO: UnsafeMutablePointer<Double>? = nil
nonisolated(unsafe) var wasmInts = Column<Int32>()

@inline(__always)
func io() -> UnsafeMutablePointer<Double> {
    if let p = wasmIO { return p }
    let p = UnsafeMutablePointer<Double>.allocate(capacity: 64)
    p.initialize(repeating: 0, count: 64)
    wasmIO = p
    return p
}

/// Registers an object; returns its 1-based handle.
func register(_ object: WasmObject, _ kind: WasmKind) -> Int32 {
    wasmObjects.append(object)
    wasmKinds.append(kind.rawValue)
    return Int32(wasmObjects.count)
}

/// The object behind handle `h` if it is of `kind`.
func object(_ h: Int32, _ kind: WasmKind) -> WasmObject? {
    let i = Int(h) - 1
    guard i >= 0 && i < wasmObjects.count && wasmKinds[i] == kind.rawValue else { return nil }
    return wasmObjects[i]
}

/// Releases handle `h` (its slot is not reused, so stale handles stay invalid).
func unregister(_ h: Int32, _ kind: WasmKind) {
    let i = Int(h) - 1
    guard i >= 0 && i < wasmObjects.count && wasmKinds[i] == kind.rawValue else { return }
    wasmObjects[i] = nil
    wasmKinds[i] = 0
}

func layoutSlot(_ h: Int32) -> LayoutSlot? {
    guard let o = object(h, .layout) else { return nil }
    return unsafeDowncast(o, to: LayoutSlot.self)
}

func viewerSlot(_ h: Int32) -> ViewerSlot? {
    guard let o = object(h, .viewer) else { return nil }
    return unsafeDowncast(o, to: ViewerSlot.self)
}

func springPool(_ h: Int32) -> SpringPool? {
    guard let o = object(h, .springs) else { return nil }
    return unsafeDowncast(o, to: SpringSlot.self).pool
}

func tapSlot(_ h: Int32) -> TapSlot? {
    guard let o = object(h, .taps) else { return nil }
    return unsafeDowncast(o, to: TapSlot.self)
}

// MARK: Memory

/// The shared 64-double scratch block for inputs/outputs of multi-value calls.
@_cdecl("ge_io")
public func ge_io() -> UnsafeMutablePointer<Double> { io() }

/// Allocates `bytes` (16-byte aligned) for JS-owned scratch data.
@_cdecl("ge_alloc")
public func ge_alloc(_ bytes: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(bytes > 0 ? bytes : 1), alignment: 16)
}

@_cdecl("ge_free")
public func ge_free(_ p: UnsafeMutableRawPointer?) { p?.deallocate() }

// MARK: Layout

/// Reads a configuration from io[0...13]: style, width, spacing, insetTop,
/// insetLeft, insetBottom, insetRight, headerHeight, minimumTileWidth,
/// tileAspectRatio, maximumColumns, targetRowHeight, minimumAspectRatio, maximumAspectRatio.
/// NaN is a number the page left out: the layout's `sanitized()` gives it the engine's default.
func configurationFromIO() -> LayoutConfiguration {
    let v = io()
    return LayoutConfiguration(
        style: v[0] == 1 ? .justified : .grid, width: v[1], spacing: v[2],
        insets: EdgeInsets(top: v[3], left: v[4], bottom: v[5], right: v[6]), headerHeight: v[7],
        minimumTileWidth: v[8], tileAspectRatio: v[9], maximumColumns: v[10] >= 1 && v[10] < 100_000 ? Int(v[10]) : 0,
        targetRowHeight: v[11], minimumAspectRatio: v[12], maximumAspectRatio: v[13])
}

/// Creates a layout from the configuration in io[0...13]; returns its handle.
@_cdecl("ge_layout_create")
public func ge_layout_create() -> Int32 {
    register(LayoutSlot(GalleryLayout(configuration: configurationFromIO())), .layout)
}

@_cdecl("ge_layout_destroy")
public func ge_layout_destroy(_ h: Int32) {
    unregister(h, .layout)
}

/// Re-lays everything with the configuration in io[0...13].
@_cdecl("ge_layout_configure")
public func ge_layout_configure(_ h: Int32) {
    guard let s = layoutSlot(h) else { return }
    s.layout.reconfigure(configurationFromIO())
    s.virtualizer.reset()
}

@_cdecl("ge_layout_reserve")
public func ge_layout_reserve(_ h: Int32, _ n: Int32) { layoutSlot(h)?.layout.reserveCapacity(Int(n)) }

/// Buffer for `n` aspect ratios (Float32) to fill right before
/// `ge_layout_append`. It is the layout's own storage, so appending copies nothing.
@_cdecl("ge_layout_input")
public func ge_layout_input(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Float>? {
    layoutSlot(h)?.layout.appendBuffer(count: Int(n > 0 ? n : 0))
}

/// Buffer for `n` section start indices (Int32).
@_cdecl("ge_layout_sections_input")
public func ge_layout_sections_input(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Int32>? {
    guard let s = layoutSlot(h) else { return nil }
    s.sectionInput.reserve(Int(n > 0 ? n : 1))
    return s.sectionInput.pointer
}

/// Appends `n` aspect ratios and `sections` section starts from the input
/// buffers. Returns the first item whose frame changed.
@_cdecl("ge_layout_append")
public func ge_layout_append(_ h: Int32, _ n: Int32, _ sections: Int32) -> Int32 {
    guard let s = layoutSlot(h) else { return 0 }
    let count = Int(n > 0 ? n : 0)
    let sc = Int(sections > 0 ? sections : 0)
    if sc > s.sectionInput.capacity { return Int32(s.layout.itemCount) }
    s.layout.append(
        aspectRatios: UnsafeBufferPointer(start: s.layout.appendBuffer(count: count), count: count),
        sectionStarts: UnsafeBufferPointer(start: s.sectionInput.pointer, count: sc))
    return Int32(s.layout.firstChangedItem)
}

@_cdecl("ge_layout_clear")
public func ge_layout_clear(_ h: Int32) {
    guard let s = layoutSlot(h) else { return }
    s.layout.removeAll()
    s.virtualizer.reset()
}

@_cdecl("ge_layout_count")
public func ge_layout_count(_ h: Int32) -> Int32 { Int32(layoutSlot(h)?.layout.itemCount ?? 0) }

@_cdecl("ge_layout_row_count")
public func ge_layout_row_count(_ h: Int32) -> Int32 { Int32(layoutSlot(h)?.layout.rowCount ?? 0) }

@_cdecl("ge_layout_section_count")
public func ge_layout_section_count(_ h: Int32) -> Int32 { Int32(layoutSlot(h)?.layout.sectionCount ?? 0) }

@_cdecl("ge_layout_columns")
public func ge_layout_columns(_ h: Int32) -> Int32 { Int32(layoutSlot(h)?.layout.grid.columns ?? 0) }

@_cdecl("ge_layout_content_height")
public func ge_layout_content_height(_ h: Int32) -> Double { layoutSlot(h)?.layout.contentHeight ?? 0 }

/// Writes frames of items `start..<end` (x, y − originY, w, h as Float32) and
/// returns the buffer (valid until the next call on this layout).
@_cdecl("ge_layout_frames")
public func ge_layout_frames(
    _ h: Int32, _ start: Int32, _ end: Int32, _ originY: Double
) -> UnsafeMutablePointer<Float>? {
    guard let s = layoutSlot(h) else { return nil }
    let n = s.layout.itemCount
    let lo = Int(start) < 0 ? 0 : (Int(start) > n ? n : Int(start))
    let hi = Int(end) < lo ? lo : (Int(end) > n ? n : Int(end))
    s.frames.reserve((hi - lo) * 4 + 4)
    s.layout.writeFrames(of: lo..<hi, originY: originY, into: s.frames.base.unsafelyUnwrapped)
    return s.frames.pointer
}

/// Frame of item `i` → io[0...3] (content coordinates, Float64).
@_cdecl("ge_layout_item_frame")
public func ge_layout_item_frame(_ h: Int32, _ i: Int32) {
    guard let s = layoutSlot(h), i >= 0, Int(i) < s.layout.itemCount else { return }
    writeRect(s.layout.frame(ofItem: Int(i)), at: 0)
}

/// Header frame of section `i` → io[0...3].
@_cdecl("ge_layout_header_frame")
public func ge_layout_header_frame(_ h: Int32, _ i: Int32) {
    guard let s = layoutSlot(h), i >= 0, Int(i) < s.layout.sectionCount else { return }
    writeRect(s.layout.headerFrame(ofSection: Int(i)), at: 0)
}

@_cdecl("ge_layout_section_start")
public func ge_layout_section_start(_ h: Int32, _ i: Int32) -> Int32 {
    guard let s = layoutSlot(h), i >= 0, Int(i) < s.layout.sectionCount else { return -1 }
    return Int32(s.layout.sectionStart(Int(i)))
}

/// Sections whose headers intersect top..<bottom → io[0] = first, io[1] = end.
@_cdecl("ge_layout_sections_in")
public func ge_layout_sections_in(_ h: Int32, _ top: Double, _ bottom: Double) {
    guard let s = layoutSlot(h) else { return }
    let r = s.layout.sections(intersectingTop: top, bottom: bottom)
    io()[0] = Double(r.lowerBound)
    io()[1] = Double(r.upperBound)
}

/// Item under a content point, or -1.
@_cdecl("ge_layout_item_at")
public func ge_layout_item_at(_ h: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let s = layoutSlot(h), let i = s.layout.item(at: Point(x: x, y: y)) else { return -1 }
    return Int32(i)
}

@_cdecl("ge_layout_row_of")
public func ge_layout_row_of(_ h: Int32, _ i: Int32) -> Int32 {
    guard let s = layoutSlot(h), i >= 0, Int(i) < s.layout.itemCount else { return -1 }
    return Int32(s.layout.row(ofItem: Int(i)))
}

// MARK: Virtualization and scroll space

@_cdecl("ge_virtualizer_configure")
public func ge_virtualizer_configure(
    _ h: Int32, _ baseOverscan: Double, _ lookaheadMs: Double, _ maximumOverscan: Double,
    _ trailingOverscan: Double, _ restSpeed: Double, _ retainMargin: Double
) {
    guard let s = layoutSlot(h) else { return }
    var c = Virtualizer.Configuration()
    c.baseOverscan = baseOverscan
    c.lookaheadMilliseconds = lookaheadMs
    c.maximumOverscan = maximumOverscan
    c.trailingOverscan = trailingOverscan
    c.restSpeed = restSpeed
    c.retainMargin = retainMargin
    s.virtualizer.configuration = c
}

@_cdecl("ge_virtualizer_reset")
public func ge_virtualizer_reset(_ h: Int32) { layoutSlot(h)?.virtualizer.reset() }

/// One scroll frame → io[0...9]: visible, prefetch, retained, releasedBefore,
/// releasedAfter as [start, end) pairs.
@_cdecl("ge_virtualize")
public func ge_virtualize(_ h: Int32, _ contentOffset: Double, _ viewportHeight: Double, _ velocity: Double) {
    guard let s = layoutSlot(h) else { return }
    let u = s.virtualizer.update(
        layout: s.layout, contentOffset: contentOffset, viewportHeight: viewportHeight, velocity: velocity)
    let v = io()
    v[0] = Double(u.visible.lowerBound)
    v[1] = Double(u.visible.upperBound)
    v[2] = Double(u.prefetch.lowerBound)
    v[3] = Double(u.prefetch.upperBound)
    v[4] = Double(u.retained.lowerBound)
    v[5] = Double(u.retained.upperBound)
    v[6] = Double(u.releasedBefore.lowerBound)
    v[7] = Double(u.releasedBefore.upperBound)
    v[8] = Double(u.releasedAfter.lowerBound)
    v[9] = Double(u.releasedAfter.upperBound)
}

/// The scroll space at the engine's cap (`ScrollSpace.defaultMaximumScrollHeight`): the page names none.
@_cdecl("ge_scroll_height")
public func ge_scroll_height(_ contentHeight: Double, _ viewportHeight: Double) -> Double {
    ScrollSpace(contentHeight: contentHeight, viewportHeight: viewportHeight).scrollHeight
}

@_cdecl("ge_scroll_content_offset")
public func ge_scroll_content_offset(_ contentHeight: Double, _ viewportHeight: Double, _ scrollTop: Double) -> Double {
    ScrollSpace(contentHeight: contentHeight, viewportHeight: viewportHeight).contentOffset(forScrollTop: scrollTop)
}

@_cdecl("ge_scroll_top_for_offset")
public func ge_scroll_top_for_offset(_ contentHeight: Double, _ viewportHeight: Double, _ offset: Double) -> Double {
    ScrollSpace(contentHeight: contentHeight, viewportHeight: viewportHeight).scrollTop(forContentOffset: offset)
}

@_cdecl("ge_scroll_dom_y")
public func ge_scroll_dom_y(
    _ contentHeight: Double, _ viewportHeight: Double, _ contentY: Double, _ scrollTop: Double
) -> Double {
    ScrollSpace(contentHeight: contentHeight, viewportHeight: viewportHeight)
        .domY(forContentY: contentY, scrollTop: scrollTop)
}

// MARK: Springs

@_cdecl("ge_springs_create")
public func ge_springs_create(_ capacity: Int32) -> Int32 {
    register(SpringSlot(SpringPool(capacity: Int(capacity))), .springs)
}

@_cdecl("ge_springs_destroy")
public func ge_springs_destroy(_ h: Int32) {
    unregister(h, .springs)
}

/// Float64 values, one per spring.
@_cdecl("ge_springs_values")
public func ge_springs_values(_ h: Int32) -> UnsafeMutablePointer<Double>? { springPool(h)?.values }

/// Float64 velocities (units/s).
@_cdecl("ge_springs_velocities")
public func ge_springs_velocities(_ h: Int32) -> UnsafeMutablePointer<Double>? { springPool(h)?.velocities }

/// Uint8 settled flags.
@_cdecl("ge_springs_settled")
public func ge_springs_settled(_ h: Int32) -> UnsafeMutablePointer<UInt8>? { springPool(h)?.settled }

@_cdecl("ge_spring_configure")
public func ge_spring_configure(
    _ h: Int32, _ i: Int32, _ response: Double, _ dampingRatio: Double, _ restDistance: Double, _ restSpeed: Double
) {
    springPool(h)?.configure(
        Int(i), parameters: SpringParameters(response: response, dampingRatio: dampingRatio),
        restDistance: restDistance,
        restSpeed: restSpeed)
}

@_cdecl("ge_spring_reset")
public func ge_spring_reset(_ h: Int32, _ i: Int32, _ value: Double, _ velocity: Double) {
    springPool(h)?.reset(Int(i), value: value, velocity: velocity)
}

@_cdecl("ge_spring_retarget")
public func ge_spring_retarget(_ h: Int32, _ i: Int32, _ target: Double) {
    springPool(h)?.retarget(Int(i), to: target)
}

/// Steps all springs by `dtMs` milliseconds; returns how many still move.
@_cdecl("ge_springs_step")
public func ge_springs_step(_ h: Int32, _ dtMs: Double) -> Int32 {
    Int32(springPool(h)?.step(dtMs / 1000) ?? 0)
}

/// Steps every spring for the animation frame at `now` (ms), the frame before it having been at
/// `previous` (0: this is the first frame of a run), by `FrameStep`; returns how many still move.
@_cdecl("ge_springs_step_frame")
public func ge_springs_step_frame(_ h: Int32, _ now: Double, _ previous: Double) -> Int32 {
    Int32(springPool(h)?.step(FrameStep.milliseconds(now: now, previous: previous) / 1000) ?? 0)
}

/// Closed-form spring displacement/velocity → io[0], io[1].
@_cdecl("ge_spring_evaluate")
public func ge_spring_evaluate(_ x0: Double, _ v0: Double, _ t: Double, _ omega: Double, _ zeta: Double) {
    let r = Spring.evaluate(displacement: x0, velocity: v0, time: t, angularFrequency: omega, dampingRatio: zeta)
    io()[0] = r.displacement
    io()[1] = r.velocity
}

// MARK: Viewer gestures

@_cdecl("ge_viewer_create")
public func ge_viewer_create(
    _ width: Double, _ height: Double, _ index: Int32, _ count: Int32, _ aspect: Double
) -> Int32 {
    let v = ViewerGestures(
        viewport: Size(width: width, height: height), index: Int(index), count: Int(count), photoAspectRatio: aspect)
    return register(ViewerSlot(v), .viewer)
}

@_cdecl("ge_viewer_destroy")
public func ge_viewer_destroy(_ h: Int32) {
    unregister(h, .viewer)
}

@_cdecl("ge_viewer_reset")
public func ge_viewer_reset(_ h: Int32, _ index: Int32, _ count: Int32, _ aspect: Double) {
    viewerSlot(h)?.viewer.reset(index: Int(index), count: Int(count), photoAspectRatio: aspect)
}

@_cdecl("ge_viewer_set_photo")
public func ge_viewer_set_photo(_ h: Int32, _ aspect: Double) { viewerSlot(h)?.viewer.setPhoto(aspectRatio: aspect) }

@_cdecl("ge_viewer_set_viewport")
public func ge_viewer_set_viewport(_ h: Int32, _ width: Double, _ height: Double) {
    viewerSlot(h)?.viewer.setViewport(Size(width: width, height: height))
}

@_cdecl("ge_viewer_set_count")
public func ge_viewer_set_count(_ h: Int32, _ count: Int32) { viewerSlot(h)?.viewer.setCount(Int(count)) }

@_cdecl("ge_viewer_reindex")
public func ge_viewer_reindex(_ h: Int32, _ index: Int32, _ count: Int32) {
    viewerSlot(h)?.viewer.reindex(Int(index), count: Int(count))
}

@_cdecl("ge_viewer_go_to")
public func ge_viewer_go_to(_ h: Int32, _ index: Int32) { viewerSlot(h)?.viewer.go(to: Int(index)) }

@_cdecl("ge_viewer_toggle_zoom")
public func ge_viewer_toggle_zoom(_ h: Int32, _ x: Double, _ y: Double) {
    viewerSlot(h)?.viewer.toggleZoom(at: Point(x: x, y: y))
}

@_cdecl("ge_viewer_zoom_to")
public func ge_viewer_zoom_to(_ h: Int32, _ scale: Double, _ x: Double, _ y: Double, _ animated: Int32) {
    viewerSlot(h)?.viewer.zoom(to: scale, around: Point(x: x, y: y), animated: animated != 0)
}

/// The tuning, in io order: axisLockDistance, velocityWindow, pageGap, decelerationRate,
/// dismissThreshold, pageSpring response, damping ratio, settleSpring response, damping ratio,
/// doubleTapInterval, doubleTapDistance, longPressDuration, slop, secondaryScale, maximumScale.
/// Writes the viewer's tuning to io[0..<15] (order above) so a debug panel can show it.
@_cdecl("ge_viewer_get_configuration")
public func ge_viewer_get_configuration(_ h: Int32) {
    guard let c = viewerSlot(h)?.viewer.configuration else { return }
    let v = io()
    v[0] = c.axisLockDistance
    v[1] = c.velocityWindow
    v[2] = c.pageGap
    v[3] = c.decelerationRate
    v[4] = c.dismissThreshold
    v[5] = c.pageSpring.response
    v[6] = c.pageSpring.dampingRatio
    v[7] = c.settleSpring.response
    v[8] = c.settleSpring.dampingRatio
    v[9] = c.tap.doubleTapInterval
    v[10] = c.tap.doubleTapDistance
    v[11] = c.tap.longPressDuration
    v[12] = c.tap.slop
    v[13] = c.secondaryScale
    v[14] = c.maximumScale
}

/// Applies the tuning in io[0..<15] (order above) to a running viewer.
@_cdecl("ge_viewer_configure")
public func ge_viewer_configure(_ h: Int32) {
    guard let s = viewerSlot(h) else { return }
    let v = io()
    var c = ViewerGestures.Configuration()
    c.axisLockDistance = v[0]
    c.velocityWindow = v[1]
    c.pageGap = v[2]
    c.decelerationRate = v[3]
    c.dismissThreshold = v[4]
    c.pageSpring = SpringParameters(response: v[5], dampingRatio: v[6])
    c.settleSpring = SpringParameters(response: v[7], dampingRatio: v[8])
    c.tap.doubleTapInterval = v[9]
    c.tap.doubleTapDistance = v[10]
    c.tap.longPressDuration = v[11]
    c.tap.slop = v[12]
    c.secondaryScale = v[13]
    c.maximumScale = v[14]
    s.viewer.configure(c)
}

/// Feeds a pointer sample (phase 0 began, 1 moved, 2 ended, 3 cancelled).
/// Returns the number of queued events.
@_cdecl("ge_viewer_pointer")
public func ge_viewer_pointer(_ h: Int32, _ phase: Int32, _ id: Int32, _ t: Double, _ x: Double, _ y: Double) -> Int32 {
    guard let s = viewerSlot(h), let p = PointerSample.Phase(rawValue: phase) else { return 0 }
    s.viewer.handle(PointerSample(p, time: t, x: x, y: y, pointerID: id))
    return Int32(s.viewer.events.count)
}

/// Advances to time `t` (ms). Returns 1 while animating / timers pending.
@_cdecl("ge_viewer_tick")
public func ge_viewer_tick(_ h: Int32, _ t: Double) -> Int32 {
    guard let s = viewerSlot(h) else { return 0 }
    return s.viewer.tick(time: t) ? 1 : 0
}

/// Writes and returns the state block: [index, count, pagerOffset, pageWidth,
/// scale, panX, panY, dismissOffset, backgroundOpacity, mode, animating].
@_cdecl("ge_viewer_state")
public func ge_viewer_state(_ h: Int32) -> UnsafeMutablePointer<Double>? {
    guard let s = viewerSlot(h) else { return nil }
    let st = s.viewer.state
    let o = s.state
    o[0] = Double(st.index)
    o[1] = Double(st.count)
    o[2] = st.pagerOffset
    o[3] = st.pageWidth
    o[4] = st.scale
    o[5] = st.panX
    o[6] = st.panY
    o[7] = st.dismissOffset
    o[8] = st.backgroundOpacity
    o[9] = Double(st.mode.rawValue)
    o[10] = st.isAnimating ? 1 : 0
    return o
}

/// Moves queued events into a buffer of [kind, x, y, index] quadruples and
/// returns their count; the buffer pointer is then at `ge_viewer_events_ptr`.
@_cdecl("ge_viewer_take_events")
public func ge_viewer_take_events(_ h: Int32) -> Int32 {
    guard let s = viewerSlot(h) else { return 0 }
    let list = s.viewer.events
    s.viewer.clearEvents()
    s.events.resize(list.count * 4 + 4)
    var k = 0
    for e in list {
        s.events[k] = Double(e.kind.rawValue)
        s.events[k + 1] = e.x
        s.events[k + 2] = e.y
        s.events[k + 3] = Double(e.index)
        k += 4
    }
    return Int32(list.count)
}

@_cdecl("ge_viewer_events_ptr")
public func ge_viewer_events_ptr(_ h: Int32) -> UnsafeMutablePointer<Double>? { viewerSlot(h)?.events.pointer }

/// Current displayed photo frame → io[0...7] (image x,y,w,h, clip x,y,w,h).
@_cdecl("ge_viewer_frame")
public func ge_viewer_frame(_ h: Int32) {
    guard let s = viewerSlot(h) else { return }
    writeFrame(s.viewer.currentFrame(), at: 0)
}

// MARK: Standalone tap recognizer (e.g. long-press selection in the grid)

@_cdecl("ge_taps_create")
public func ge_taps_create() -> Int32 {
    register(TapSlot(), .taps)
}

@_cdecl("ge_taps_destroy")
public func ge_taps_destroy(_ h: Int32) { unregister(h, .taps) }

/// Feeds a sample; returns an event (0 none, 1 tap, 2 double tap, 3 long
/// press) whose position is in io[0], io[1].
@_cdecl("ge_taps_pointer")
public func ge_taps_pointer(_ h: Int32, _ phase: Int32, _ t: Double, _ x: Double, _ y: Double) -> Int32 {
    guard let s = tapSlot(h) else { return 0 }
    let p = Point(x: x, y: y)
    var e = TapRecognizer.Event.none
    switch phase {
    case 0: e = s.recognizer.begin(time: t, point: p)
    case 1: s.recognizer.move(time: t, point: p)
    case 2: e = s.recognizer.end(time: t, point: p)
    default: s.recognizer.cancel()
    }
    io()[0] = s.recognizer.eventPoint.x
    io()[1] = s.recognizer.eventPoint.y
    return e.rawValue
}

@_cdecl("ge_taps_tick")
public func ge_taps_tick(_ h: Int32, _ t: Double) -> Int32 {
    guard let s = tapSlot(h) else { return 0 }
    let e = s.recognizer.tick(time: t)
    io()[0] = s.recognizer.eventPoint.x
    io()[1] = s.recognizer.eventPoint.y
    return e.rawValue
}

// MARK: Gesture math (stateless)

@_cdecl("ge_rubber_band")
public func ge_rubber_band(_ offset: Double, _ dimension: Double) -> Double {
    EngineMath.rubberBand(offset, dimension: dimension)
}

@_cdecl("ge_project")
public func ge_project(_ velocity: Double, _ rate: Double) -> Double {
    EngineMath.projectedDistance(velocity: velocity, decelerationRate: rate)
}

@_cdecl("ge_pager_target")
public func ge_pager_target(_ index: Int32, _ count: Int32, _ pageWidth: Double, _ dx: Double, _ vx: Double) -> Int32 {
    Int32(Pager(index: Int(index), count: Int(count), pageWidth: pageWidth).targetIndex(forDrag: dx, velocity: vx))
}

@_cdecl("ge_dismiss_decide")
public func ge_dismiss_decide(_ viewportHeight: Double, _ dy: Double, _ vy: Double) -> Int32 {
    DismissGesture(viewportHeight: viewportHeight).shouldDismiss(offset: dy, velocity: vy) ? 1 : 0
}

@_cdecl("ge_dismiss_opacity")
public func ge_dismiss_opacity(_ viewportHeight: Double, _ dy: Double) -> Double {
    DismissGesture(viewportHeight: viewportHeight).backgroundOpacity(offset: dy)
}

// MARK: Transition geometry

func writeRect(_ r: Rect, at o: Int) {
    let v = io()
    v[o] = r.x
    v[o + 1] = r.y
    v[o + 2] = r.width
    v[o + 3] = r.height
}

func writeFrame(_ f: TransitionFrame, at o: Int) {
    writeRect(f.image, at: o)
    writeRect(f.clip, at: o + 4)
}

func readRect(at o: Int) -> Rect {
    let v = io()
    return Rect(x: v[o], y: v[o + 1], width: v[o + 2], height: v[o + 3])
}

/// Aspect-fit rect → io[0...3].
@_cdecl("ge_fit_rect")
public func ge_fit_rect(_ aspect: Double, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    writeRect(TransitionGeometry.aspectFit(aspectRatio: aspect, in: Rect(x: x, y: y, width: w, height: h)), at: 0)
}

/// Cover (aspect-fill) rect → io[0...3].
@_cdecl("ge_fill_rect")
public func ge_fill_rect(_ aspect: Double, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    writeRect(TransitionGeometry.aspectFill(aspectRatio: aspect, in: Rect(x: x, y: y, width: w, height: h)), at: 0)
}

/// Tile → viewer frame at progress `p` → io[0...7]. Tile rect from io[8...11],
/// viewport rect from io[12...15].
@_cdecl("ge_transition_open")
public func ge_transition_open(_ aspect: Double, _ p: Double) {
    let tile = readRect(at: 8)
    let viewport = readRect(at: 12)
    writeFrame(TransitionGeometry.open(aspectRatio: aspect, tile: tile, viewport: viewport, progress: p), at: 0)
}

/// Interpolates from the frame in io[16...23] to the frame in io[24...31] → io[0...7].
@_cdecl("ge_transition_lerp")
public func ge_transition_lerp(_ p: Double) {
    let from = TransitionFrame(image: readRect(at: 16), clip: readRect(at: 20))
    let to = TransitionFrame(image: readRect(at: 24), clip: readRect(at: 28))
    writeFrame(TransitionGeometry.interpolate(from: from, to: to, progress: p), at: 0)
}

// MARK: Deck

/// The deck's swipe speed (px/ms) when the photo changed `interval` ms after the one before
/// (`DeckPlanner.swipeSpeed`).
/// The viewer's flight springs, numbered as `TransitionSprings.value` numbers them; NaN for another key.
@_cdecl("ge_transition_springs")
public func ge_transition_springs(_ key: Int32) -> Double { TransitionSprings().value(Int(key)) ?? .nan }

/// The deck planner's reach: 1 `behind`, 2 `aheadAtRest`, 3 `maximumAhead`; -1 for another key.
@_cdecl("ge_deck_reach")
public func ge_deck_reach(_ key: Int32) -> Int32 {
    let d = DeckPlanner()
    switch key {
    case 1: return Int32(clamping: d.behind)
    case 2: return Int32(clamping: d.aheadAtRest)
    case 3: return Int32(clamping: d.maximumAhead)
    default: return -1
    }
}

@_cdecl("ge_deck_swipe_speed")
public func ge_deck_swipe_speed(_ pageWidth: Double, _ interval: Double) -> Double {
    DeckPlanner().swipeSpeed(pageWidth: pageWidth, interval: interval)
}

/// Writes the indices to load (priority order) to the int buffer
/// (`ge_ints`), returns their count; io[0] = 1 when the next catalog page should be requested. A negative
/// `behind`, `aheadAtRest`, `maximumAhead` or `loadMoreThreshold` keeps the planner's own.
@_cdecl("ge_deck_plan")
public func ge_deck_plan(
    _ current: Int32, _ loaded: Int32, _ total: Int32, _ direction: Int32, _ speed: Double,
    _ behind: Int32, _ aheadAtRest: Int32, _ maximumAhead: Int32, _ loadMoreThreshold: Int32
) -> Int32 {
    var d = DeckPlanner()
    if behind >= 0 { d.behind = Int(behind) }
    if aheadAtRest >= 0 { d.aheadAtRest = Int(aheadAtRest) }
    if maximumAhead >= 0 { d.maximumAhead = Int(maximumAhead) }
    if loadMoreThreshold >= 0 { d.loadMoreThreshold = Int(loadMoreThreshold) }
    let plan = d.plan(
        current: Int(current), loaded: Int(loaded), total: Int(total), direction: Int(direction), speed: speed)
    wasmInts.resize(plan.indices.count + 1)
    for k in 0..<plan.indices.count { wasmInts[k] = plan.indices[k] }
    io()[0] = plan.shouldLoadMore ? 1 : 0
    return Int32(plan.indices.count)
}

/// The shared Int32 output buffer (deck plan, diff).
@_cdecl("ge_ints")
public func ge_ints() -> UnsafeMutablePointer<Int32>? { wasmInts.pointer }

// MARK: Diff

nonisolated(unsafe) var wasmDiffInput = Column<Int32>()

/// Buffer for `nOld` old ids followed by `nNew` new ids.
@_cdecl("ge_diff_input")
public func ge_diff_input(_ nOld: Int32, _ nNew: Int32) -> UnsafeMutablePointer<Int32>? {
    wasmDiffInput.reserve(Int(nOld) + Int(nNew) + 1)
    return wasmDiffInput.pointer
}

/// Diffs the input buffer; writes [deletes, inserts, moves, deletes…,
/// inserts…, (from, to)…] to the int buffer (`ge_ints`) and returns its length.
@_cdecl("ge_diff_run")
public func ge_diff_run(_ nOld: Int32, _ nNew: Int32) -> Int32 {
    let n = Int(nOld)
    let m = Int(nNew)
    guard n >= 0, m >= 0, n + m <= wasmDiffInput.capacity, let base = wasmDiffInput.pointer else { return 0 }
    let d = Diff.diff(
        old: UnsafeBufferPointer(start: base, count: n), new: UnsafeBufferPointer(start: base + n, count: m))
    let total = 3 + d.deletes.count + d.inserts.count + 2 * d.moveFrom.count
    wasmInts.resize(total)
    wasmInts[0] = Int32(d.deletes.count)
    wasmInts[1] = Int32(d.inserts.count)
    wasmInts[2] = Int32(d.moveFrom.count)
    var k = 3
    for x in d.deletes {
        wasmInts[k] = x
        k += 1
    }
    for x in d.inserts {
        wasmInts[k] = x
        k += 1
    }
    for q in 0..<d.moveFrom.count {
        wasmInts[k] = d.moveFrom[q]
        wasmInts[k + 1] = d.moveTo[q]
        k += 2
    }
    return Int32(total)
}
