// The timeline's C ABI: a sectioned layout of the whole library from month
// counts, its virtualization and its fetch planner (see Timeline/). Same
// rules as Exports.swift: handles, io block, buffers owned here.

/// A timeline with its planner and the buffers JS fills or reads.
final class TimelineSlot: WasmObject {
    let layout: TimelineLayout
    var planner = TimelinePlanner()
    var monthsInput = Column<Int32>()
    var itemsInput = Column<Float>()
    var frames = Column<Float>()
    var tops = Column<Double>()
    init(_ layout: TimelineLayout) { self.layout = layout }

    /// The first `n` aspects of the input buffer, or nil when it holds fewer.
    func items(_ n: Int32) -> UnsafeBufferPointer<Float>? {
        guard n > 0, Int(n) <= itemsInput.capacity else { return nil }
        return UnsafeBufferPointer(start: itemsInput.pointer, count: Int(n))
    }
    deinit {
        monthsInput.deallocate()
        itemsInput.deallocate()
        frames.deallocate()
        tops.deallocate()
    }
}

func timelineSlot(_ h: Int32) -> TimelineSlot? {
    guard let o = object(h, .timeline) else { return nil }
    return unsafeDowncast(o, to: TimelineSlot.self)
}

/// The layout configuration of io[0...13] (see `configurationFromIO`), then
/// io[14] = average aspect ratio, io[15] = year header height.
func timelineConfigurationFromIO() -> TimelineConfiguration {
    let v = io()
    return TimelineConfiguration(layout: configurationFromIO(), averageAspectRatio: v[14], yearHeaderHeight: v[15])
}

/// Writes spans as [section, start, end, headerIntersects] quadruples into the int buffer from `at`.
func writeSpans(_ spans: [TimelineSpan], at: Int) {
    var k = at
    for s in spans {
        wasmInts[k] = Int32(truncatingIfNeeded: s.section)
        wasmInts[k + 1] = Int32(truncatingIfNeeded: s.items.lowerBound)
        wasmInts[k + 2] = Int32(truncatingIfNeeded: s.items.upperBound)
        wasmInts[k + 3] = s.headerIntersects ? 1 : 0
        k += 4
    }
}

/// Writes requests as [id, section, start, end] quadruples into the int buffer from `at`.
func writeRequests(_ requests: [TimelineRequest], at: Int) {
    var k = at
    for r in requests {
        wasmInts[k] = r.id
        wasmInts[k + 1] = Int32(truncatingIfNeeded: r.section)
        wasmInts[k + 2] = Int32(truncatingIfNeeded: r.items.lowerBound)
        wasmInts[k + 3] = Int32(truncatingIfNeeded: r.items.upperBound)
        k += 4
    }
}

/// Creates a timeline from the configuration in io[0...15]; returns its handle.
@_cdecl("ge_timeline_create")
public func ge_timeline_create() -> Int32 {
    register(TimelineSlot(TimelineLayout(configuration: timelineConfigurationFromIO())), .timeline)
}

@_cdecl("ge_timeline_destroy")
public func ge_timeline_destroy(_ h: Int32) { unregister(h, .timeline) }

/// Re-lays with the configuration in io[0...15]; returns the scroll correction
/// for the photo at (`anchorX`, `anchorY`).
@_cdecl("ge_timeline_configure")
public func ge_timeline_configure(_ h: Int32, _ anchorX: Double, _ anchorY: Double) -> Double {
    timelineSlot(h)?.layout.reconfigure(timelineConfigurationFromIO(), anchorX: anchorX, anchorY: anchorY) ?? 0
}

/// Buffer for `n` months as Int32 triples [year, month, count], newest first.
@_cdecl("ge_timeline_months_input")
public func ge_timeline_months_input(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Int32>? {
    guard let s = timelineSlot(h) else { return nil }
    let count = n > 0 && n < 1 << 24 ? Int(n) : 1
    s.monthsInput.reserve(3 * count)
    return s.monthsInput.pointer
}

/// Replaces the library by the `n` months of the input buffer (every loaded
/// run and request in flight is dropped); returns the number of sections.
@_cdecl("ge_timeline_set_months")
public func ge_timeline_set_months(_ h: Int32, _ n: Int32) -> Int32 {
    guard let s = timelineSlot(h) else { return 0 }
    let count = n > 0 && n < 1 << 24 ? Int(n) : 0
    guard 3 * count <= s.monthsInput.capacity else { return Int32(truncatingIfNeeded: s.layout.sectionCount) }
    s.layout.setMonths(packed: UnsafeBufferPointer(start: s.monthsInput.pointer, count: 3 * count))
    s.planner.reset()
    return Int32(truncatingIfNeeded: s.layout.sectionCount)
}

/// Buffer for `n` aspect ratios (Float32) for the next set/insert call.
@_cdecl("ge_timeline_items_input")
public func ge_timeline_items_input(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Float>? {
    guard let s = timelineSlot(h) else { return nil }
    s.itemsInput.reserve(n > 0 ? Int(n) : 1)
    return s.itemsInput.pointer
}

/// The `n` aspects of the input buffer are photos `start…` of month
/// `section`; returns the scroll correction for `anchorY`.
@_cdecl("ge_timeline_set_items")
public func ge_timeline_set_items(
    _ h: Int32, _ section: Int32, _ start: Int32, _ n: Int32, _ anchorY: Double
)
    -> Double
{
    guard let s = timelineSlot(h), let aspects = s.items(n) else { return 0 }
    return s.layout.setItems(section: Int(section), start: Int(start), aspectRatios: aspects, anchorY: anchorY)
}

/// Inserts the `n` aspects of the input buffer as new photos at `index` of
/// month `section` (a live change); returns the scroll correction for `anchorY`.
@_cdecl("ge_timeline_insert_items")
public func ge_timeline_insert_items(
    _ h: Int32, _ section: Int32, _ index: Int32, _ n: Int32, _ anchorY: Double
)
    -> Double
{
    guard let s = timelineSlot(h), let aspects = s.items(n) else { return 0 }
    return s.layout.spliceItems(
        section: Int(section), at: Int(index), removing: 0, aspectRatios: aspects, anchorY: anchorY)
}

@_cdecl("ge_timeline_content_height")
public func ge_timeline_content_height(_ h: Int32) -> Double { timelineSlot(h)?.layout.contentHeight ?? 0 }

/// Photos in the library (a Float64: it may pass Int32 range).
@_cdecl("ge_timeline_item_count")
public func ge_timeline_item_count(_ h: Int32) -> Double { Double(timelineSlot(h)?.layout.itemCount ?? 0) }

@_cdecl("ge_timeline_section_count")
public func ge_timeline_section_count(_ h: Int32) -> Int32 {
    Int32(truncatingIfNeeded: timelineSlot(h)?.layout.sectionCount ?? 0)
}

/// The section at content y `y`, or −1 when there is none.
@_cdecl("ge_timeline_section_at")
public func ge_timeline_section_at(_ h: Int32, _ y: Double) -> Int32 {
    guard let s = timelineSlot(h), let section = s.layout.section(at: y) else { return -1 }
    return Int32(truncatingIfNeeded: section)
}

/// Section `i` → io[0...7]: top, header height, body height, count, year,
/// month, first photo's index in the library, opens a year (1/0). Returns 0
/// for an unknown section.
@_cdecl("ge_timeline_section")
public func ge_timeline_section(_ h: Int32, _ i: Int32) -> Int32 {
    guard let s = timelineSlot(h), let m = s.layout.month(of: Int(i)) else { return 0 }
    let l = s.layout
    let section = Int(i)
    let v = io()
    v[0] = l.sectionTop(section)
    v[1] = l.sectionHeaderHeight(section)
    v[2] = l.sectionBodyHeight(section)
    v[3] = Double(m.count)
    v[4] = Double(m.year)
    v[5] = Double(m.month)
    v[6] = Double(l.sectionFirstItem(section))
    v[7] = l.sectionOpensYear(section) ? 1 : 0
    return 1
}

/// Every section's top (Float64), then the content height: what a scrubber
/// needs to place its years and months. Valid until the next call on this timeline.
@_cdecl("ge_timeline_section_tops")
public func ge_timeline_section_tops(_ h: Int32) -> UnsafeMutablePointer<Double>? {
    guard let s = timelineSlot(h) else { return nil }
    let n = s.layout.sectionCount
    s.tops.resize(n + 1)
    for k in 0..<n { s.tops[k] = s.layout.sectionTop(k) }
    s.tops[n] = s.layout.contentHeight
    return s.tops.pointer
}

/// Spans of the band top..<bottom → int buffer as [section, start, end,
/// headerIntersects] quadruples; returns their count.
@_cdecl("ge_timeline_spans")
public func ge_timeline_spans(_ h: Int32, _ top: Double, _ bottom: Double) -> Int32 {
    guard let s = timelineSlot(h) else { return 0 }
    let spans = s.layout.spans(top: top, bottom: bottom)
    wasmInts.resize(4 * spans.count + 1)
    writeSpans(spans, at: 0)
    return Int32(truncatingIfNeeded: spans.count)
}

/// One scroll frame → int buffer: [visibleCount, overscanCount, then the
/// visible spans, then the overscan spans] as in `ge_timeline_spans`; returns its length.
@_cdecl("ge_timeline_window")
public func ge_timeline_window(
    _ h: Int32, _ contentOffset: Double, _ viewportHeight: Double, _ velocity: Double
)
    -> Int32
{
    guard let s = timelineSlot(h) else { return 0 }
    let w = s.layout.window(
        contentOffset: contentOffset, viewportHeight: viewportHeight, velocity: velocity,
        margins: s.planner.configuration.margins)
    let total = 2 + 4 * (w.visible.count + w.overscan.count)
    wasmInts.resize(total)
    wasmInts[0] = Int32(truncatingIfNeeded: w.visible.count)
    wasmInts[1] = Int32(truncatingIfNeeded: w.overscan.count)
    writeSpans(w.visible, at: 2)
    writeSpans(w.overscan, at: 2 + 4 * w.visible.count)
    return Int32(truncatingIfNeeded: total)
}

/// Frames of photos start..<end of month `section` (x, y − originY, w, h as
/// Float32, clipped to the month); the buffer is valid until the next call on
/// this timeline.
@_cdecl("ge_timeline_frames")
public func ge_timeline_frames(
    _ h: Int32, _ section: Int32, _ start: Int32, _ end: Int32, _ originY: Double
)
    -> UnsafeMutablePointer<Float>?
{
    guard let s = timelineSlot(h) else { return nil }
    let lo = Int(start > 0 ? start : 0)
    let hi = Int(end)
    let n = hi > lo ? hi - lo : 0
    s.frames.reserve(4 * n + 4)
    guard let out = s.frames.pointer else { return nil }
    s.layout.writeFrames(section: Int(section), items: lo..<(lo + n), originY: originY, into: out)
    return out
}

/// Frame of photo `item` of month `section` → io[0...3] (content coordinates);
/// returns 0 for an unknown photo.
@_cdecl("ge_timeline_item_frame")
public func ge_timeline_item_frame(_ h: Int32, _ section: Int32, _ item: Int32) -> Int32 {
    guard let s = timelineSlot(h), let f = s.layout.frame(section: Int(section), item: Int(item)) else { return 0 }
    let v = io()
    v[0] = f.x
    v[1] = f.y
    v[2] = f.width
    v[3] = f.height
    return 1
}

/// The arrow keys' photo (library index) from photo `index`: `step` ±1 beside it, ±2 the row below or
/// above (`TimelineLayout.neighbour`).
@_cdecl("ge_timeline_neighbour")
public func ge_timeline_neighbour(_ h: Int32, _ index: Int32, _ step: Int32) -> Int32 {
    Int32(truncatingIfNeeded: timelineSlot(h)?.layout.neighbour(of: Int(index), step: Int(step)) ?? 0)
}

/// Section of the photo under a content point, or −1; its index in the month → io[0].
@_cdecl("ge_timeline_item_at")
public func ge_timeline_item_at(_ h: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let s = timelineSlot(h), let hit = s.layout.item(at: Point(x: x, y: y)) else { return -1 }
    io()[0] = Double(hit.item)
    return Int32(truncatingIfNeeded: hit.section)
}

/// Whether photo `item` of month `section` is loaded (1) or estimated (0).
@_cdecl("ge_timeline_is_loaded")
public func ge_timeline_is_loaded(_ h: Int32, _ section: Int32, _ item: Int32) -> Int32 {
    timelineSlot(h)?.layout.isLoaded(section: Int(section), item: Int(item)) == true ? 1 : 0
}

/// The anchor at content point (`x`, `y`) → io[0...2]: section, item (−1 =
/// header), offset; returns 0 when there are no months. Keep it (e.g. in
/// history state) and turn it back into an offset with `ge_timeline_anchor_y`.
@_cdecl("ge_timeline_anchor")
public func ge_timeline_anchor(_ h: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let s = timelineSlot(h), let a = s.layout.anchor(atContentY: y, x: x) else { return 0 }
    let v = io()
    v[0] = Double(a.section)
    v[1] = Double(a.item)
    v[2] = a.offset
    return 1
}

/// Content y of an anchor now.
@_cdecl("ge_timeline_anchor_y")
public func ge_timeline_anchor_y(_ h: Int32, _ section: Int32, _ item: Int32, _ offset: Double) -> Double {
    guard let s = timelineSlot(h) else { return 0 }
    return s.layout.contentY(of: TimelineAnchor(section: Int(section), item: Int(item), offset: offset))
}

/// The planner's tuning: page size, requests in flight, scrub speed (px/ms),
/// cancel margin (viewports), then the bands as `ge_virtualizer_configure`.
@_cdecl("ge_timeline_planner_configure")
public func ge_timeline_planner_configure(
    _ h: Int32, _ pageSize: Int32, _ maximumInFlight: Int32, _ scrubSpeed: Double, _ cancelMargin: Double,
    _ baseOverscan: Double, _ lookaheadMs: Double, _ maximumOverscan: Double, _ trailingOverscan: Double,
    _ restSpeed: Double
) {
    guard let s = timelineSlot(h) else { return }
    var c = TimelinePlanner.Configuration()
    c.pageSize = pageSize > 0 ? Int(pageSize) : 1
    c.maximumInFlight = maximumInFlight > 0 ? Int(maximumInFlight) : 1
    c.scrubSpeed = scrubSpeed
    c.cancelMargin = cancelMargin
    c.margins.baseOverscan = baseOverscan
    c.margins.lookaheadMilliseconds = lookaheadMs
    c.margins.maximumOverscan = maximumOverscan
    c.margins.trailingOverscan = trailingOverscan
    c.margins.restSpeed = restSpeed
    s.planner.configuration = c
}

/// One planning decision → int buffer: [requestCount, cancelledCount, then
/// (id, section, start, end) per request, then per cancelled load]; returns its length.
@_cdecl("ge_timeline_plan")
public func ge_timeline_plan(
    _ h: Int32, _ contentOffset: Double, _ viewportHeight: Double, _ velocity: Double
)
    -> Int32
{
    guard let s = timelineSlot(h) else { return 0 }
    let plan = s.planner.plan(
        layout: s.layout, contentOffset: contentOffset, viewportHeight: viewportHeight, velocity: velocity)
    let total = 2 + 4 * (plan.requests.count + plan.cancelled.count)
    wasmInts.resize(total)
    wasmInts[0] = Int32(truncatingIfNeeded: plan.requests.count)
    wasmInts[1] = Int32(truncatingIfNeeded: plan.cancelled.count)
    writeRequests(plan.requests, at: 2)
    writeRequests(plan.cancelled, at: 2 + 4 * plan.requests.count)
    return Int32(truncatingIfNeeded: total)
}

/// Request `id` is done (loaded, failed or aborted); returns 1 if it was in flight.
@_cdecl("ge_timeline_finish")
public func ge_timeline_finish(_ h: Int32, _ id: Int32) -> Int32 {
    timelineSlot(h)?.planner.finish(id: id) == nil ? 0 : 1
}
