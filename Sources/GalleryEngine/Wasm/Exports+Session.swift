// The gallery session and its policy through the C ABI. Each event call
// returns the frame: io[0] scroll to (NaN: stay), io[1] content height,
// io[2] velocity, io[3] fling (1/0), io[4] page size, io[5] retry at (−1:
// none), io[6] failure stands (1/0), io[7] viewer index (−1: closed),
// io[8] loads to start, io[9] loads to cancel, io[10] visible spans,
// io[11] offset, io[12] tick at (−1: none), io[13] holding (1/0),
// io[14...15] the mount band, io[16...17] the reach band, io[18...19] the
// retain band (top, bottom), io[20] long press (1/0), io[21] photos selected, io[22] the selection
// changed (1/0), io[23] the photo a click opens (−1: none), io[24] painting (1/0), io[25] runs held in
// part left to read; the int buffer (`ge_ints`) holds the starts and
// the cancels as [id, section, start, end] and the visible spans as
// [section, start, end, header], in that order.

final class SessionSlot: WasmObject {
    let session: GallerySession
    var input = Column<Int32>()
    var aspects = Column<Float>()
    init(_ session: GallerySession) { self.session = session }
    deinit {
        input.deallocate()
        aspects.deallocate()
    }
}

func sessionSlot(_ h: Int32) -> SessionSlot? {
    guard let o = object(h, .session) else { return nil }
    return unsafeDowncast(o, to: SessionSlot.self)
}

/// The grid's events by number, so that their exports share one body (the events the grid does not send
/// go through `sessionFrame`, linked only where they are bound): 1 resize (height a, density b), 2 scroll (offset a, time b), 3 jump
/// (offset a), 4 scrubbing (a ≠ 0), 5 page arrived (id a, `c` aspects of the input, time b), 6 page
/// failed (id a, time b), 7 retry now (time a), 8 tick (time a), 9 release, 10 layout (the timeline
/// configuration in io), 11 placed (section a, start b, `c` aspects of the input), 12 months (`a`
/// triples of the int input), 13 key (`GalleryKey` a; no frame for another), 14–16 a touch on a tile
/// down, moved, up (x a, y b, time c, pointer id d, over library photo e), 17 a live change at index b of month a: `c`
/// photos inserted (their aspects in the input), or for c = −1 the photo there removed, 18 a click on
/// library photo a at time c (b: 1 Shift, 2 toggle), 19 month a's heading, 20 select all, 21 clear,
/// 22 `c` photos from `b` of month a held in part, 23 the photos held in part wanted in full now.
@inline(never)
func sessionEvent(
    _ h: Int32, _ kind: Int32, _ a: Double, _ b: Double, _ c: Double, _ d: Double = 0, _ e: Double = -1
) -> Int32 {
    guard let slot = sessionSlot(h) else { return 0 }
    let s = slot.session
    var frame = GalleryFrame()
    let planning: Bool
    switch kind {
    case 1: planning = s.resize(height: a, density: b)
    case 2: planning = s.scroll(offset: a, time: b, &frame)
    case 3: planning = s.jump(offset: a, &frame)
    case 4: planning = s.scrubbing(a != 0, &frame)
    case 5: planning = s.pageArrived(id: wasmID(a), aspectRatios: sessionAspects(slot, c), time: b, &frame)
    case 6: planning = s.pageFailed(id: wasmID(a), time: b, &frame)
    case 7: planning = s.retryNow(time: a, &frame)
    case 8: planning = s.tick(time: a, &frame)
    case 9: planning = s.release(&frame)
    case 10: planning = s.relayout(timelineConfigurationFromIO(), &frame)
    case 11:
        planning = s.placed(section: wasmCount(a), start: wasmCount(b), aspectRatios: sessionAspects(slot, c), &frame)
    case 13:
        guard let key = GalleryKey(rawValue: Int32(truncatingIfNeeded: wasmCount(a))) else { return 0 }
        planning = s.press(key, &frame)
    case 17:
        planning = s.spliced(
            section: wasmCount(a), at: wasmCount(b), removing: c < 0 ? 1 : 0,
            aspectRatios: sessionAspects(slot, c), &frame)
    case 14, 15, 16:
        planning = s.pointer(
            GalleryPointerPhase(rawValue: kind - 13) ?? .up, x: a, y: b, id: Int32(truncatingIfNeeded: wasmCount(d)),
            time: c, item: wasmIndex(e), &frame)
    case 18:
        let flags = wasmCount(b)
        planning = s.select(
            .click(index: wasmIndex(a), extend: flags & 1 != 0, toggle: flags & 2 != 0, time: c), &frame)
    case 19: planning = s.select(.month(section: wasmIndex(a)), &frame)
    case 20: planning = s.select(.all, &frame)
    case 21: planning = s.select(.clear, &frame)
    case 22: planning = s.held(section: wasmIndex(a), start: wasmCount(b), count: wasmCount(c))
    case 23: planning = s.readInFull()
    default:
        let n = 3 * wasmCount(a)
        let packed = UnsafeBufferPointer(start: slot.input.pointer, count: n <= slot.input.capacity ? n : 0)
        planning = s.replaceMonths({ $0.setMonths(packed: packed) }, &frame)
    }
    s.complete(&frame, planning: planning)
    return writeFrame(frame)
}

/// An event the grid does not send (the viewer's), on session `h`.
func sessionFrame(_ h: Int32, _ event: (GallerySession, inout GalleryFrame) -> Bool) -> Int32 {
    guard let slot = sessionSlot(h) else { return 0 }
    var frame = GalleryFrame()
    let planning = event(slot.session, &frame)
    slot.session.complete(&frame, planning: planning)
    return writeFrame(frame)
}

/// A count or an index from JS: a whole number within 0…2³⁰, else 0.
func wasmCount(_ x: Double) -> Int { x >= 0 && x <= 1_073_741_824 ? Int(x) : 0 }

/// An index from JS that may be absent: a whole number within 0…2³⁰, else −1.
func wasmIndex(_ x: Double) -> Int { x >= 0 && x <= 1_073_741_824 ? Int(x) : -1 }

/// A load's id from JS (ids are positive Int32s; anything else names no load).
func wasmID(_ x: Double) -> Int32 { x >= 1 && x <= 2_147_483_647 ? Int32(x) : 0 }

func writeBand(_ band: GalleryBand, _ at: UnsafeMutablePointer<Double>) {
    at[0] = band.top
    at[1] = band.bottom
}

func writeFrame(_ frame: GalleryFrame) -> Int32 {
    let v = io()
    v[0] = frame.scrollTo ?? .nan
    v[1] = frame.contentHeight
    v[2] = frame.velocity
    v[3] = frame.isFling ? 1 : 0
    v[4] = Double(frame.pageSize)
    v[5] = frame.retryAt ?? -1
    v[6] = frame.failureStands ? 1 : 0
    v[7] = Double(frame.viewer ?? -1)
    v[8] = Double(frame.start.count)
    v[9] = Double(frame.cancel.count)
    v[10] = Double(frame.visible.count)
    v[11] = frame.offset
    v[12] = frame.tickAt ?? -1
    v[13] = frame.holding ? 1 : 0
    writeBand(frame.mount, v + 14)
    writeBand(frame.reach, v + 16)
    writeBand(frame.retain, v + 18)
    v[20] = frame.longPress ? 1 : 0
    v[21] = Double(frame.selected)
    v[22] = frame.selectionChanged ? 1 : 0
    v[23] = Double(frame.open ?? -1)
    v[24] = frame.painting ? 1 : 0
    v[25] = Double(frame.partial)
    let n = 4 * (frame.start.count + frame.cancel.count + frame.visible.count)
    wasmInts.resize(n > 0 ? n : 1)
    writeRequests(frame.start, at: 0)
    writeRequests(frame.cancel, at: 4 * frame.start.count)
    writeSpans(frame.visible, at: 4 * (frame.start.count + frame.cancel.count))
    return Int32(truncatingIfNeeded: n)
}

/// Creates a session on the timeline configuration in io[0...15] (see `ge_timeline_create`).
@_cdecl("ge_session_create")
public func ge_session_create() -> Int32 {
    register(SessionSlot(GallerySession(configuration: timelineConfigurationFromIO())), .session)
}

@_cdecl("ge_session_destroy")
public func ge_session_destroy(_ h: Int32) { unregister(h, .session) }

/// A timeline handle on the session's own layout, for its queries (spans, frames, sections, anchors):
/// the client lays out from the layout the session plans with. Changes go through the session's events.
@_cdecl("ge_session_timeline")
public func ge_session_timeline(_ h: Int32) -> Int32 {
    guard let s = sessionSlot(h) else { return 0 }
    return register(TimelineSlot(s.session.layout), .timeline)
}

/// The session's int input: `n` ints (months as [year, month, count] triples, or removed indices).
@_cdecl("ge_session_input")
public func ge_session_input(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Int32>? {
    guard let s = sessionSlot(h) else { return nil }
    s.input.reserve(n > 0 && n < 1 << 26 ? Int(n) : 1)
    return s.input.pointer
}

/// The session's aspect input: `n` aspect ratios (a page, photos placed, a live insert).
@_cdecl("ge_session_aspects")
public func ge_session_aspects(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Float>? {
    guard let s = sessionSlot(h) else { return nil }
    s.aspects.reserve(n > 0 && n < 1 << 26 ? Int(n) : 1)
    return s.aspects.pointer
}

/// The first `n` aspects of the input, or none when it holds fewer.
func sessionAspects(_ s: SessionSlot, _ n: Double) -> UnsafeBufferPointer<Float> {
    let k = wasmCount(n)
    return UnsafeBufferPointer(start: s.aspects.pointer, count: k <= s.aspects.capacity ? k : 0)
}

/// The viewport's height and density (its width comes with the layout).
@_cdecl("ge_session_resize")
public func ge_session_resize(_ h: Int32, _ height: Double, _ density: Double) -> Int32 {
    sessionEvent(h, 1, height, density, 0)
}

/// The viewport's size and density: a new width re-lays the session's layout at that width.
@_cdecl("ge_session_viewport")
public func ge_session_viewport(_ h: Int32, _ width: Double, _ height: Double, _ density: Double) -> Int32 {
    sessionFrame(h) { $0.viewport(width: width, height: height, density: density, &$1) }
}

@_cdecl("ge_session_scroll")
public func ge_session_scroll(_ h: Int32, _ offset: Double, _ time: Double) -> Int32 {
    sessionEvent(h, 2, offset, time, 0)
}

/// The client moved the view to `offset` itself.
@_cdecl("ge_session_jump")
public func ge_session_jump(_ h: Int32, _ offset: Double) -> Int32 { sessionEvent(h, 3, offset, 0, 0) }

@_cdecl("ge_session_scrubbing")
public func ge_session_scrubbing(_ h: Int32, _ on: Int32) -> Int32 { sessionEvent(h, 4, Double(on), 0, 0) }

/// Load `id` arrived; `n` aspects of the aspect input are its photos (none: the client placed them).
@_cdecl("ge_session_page_arrived")
public func ge_session_page_arrived(_ h: Int32, _ id: Int32, _ n: Int32, _ time: Double) -> Int32 {
    sessionEvent(h, 5, Double(id), time, Double(n))
}

@_cdecl("ge_session_page_failed")
public func ge_session_page_failed(_ h: Int32, _ id: Int32, _ time: Double) -> Int32 {
    sessionEvent(h, 6, Double(id), time, 0)
}

@_cdecl("ge_session_retry_now")
public func ge_session_retry_now(_ h: Int32, _ time: Double) -> Int32 { sessionEvent(h, 7, time, 0, 0) }

@_cdecl("ge_session_tick")
public func ge_session_tick(_ h: Int32, _ time: Double) -> Int32 { sessionEvent(h, 8, time, 0, 0) }

/// The cold start's hold ends.
@_cdecl("ge_session_release")
public func ge_session_release(_ h: Int32) -> Int32 { sessionEvent(h, 9, 0, 0, 0) }

/// The layout changed to the timeline configuration in io[0...15] (a resize, the style toggled).
@_cdecl("ge_session_layout")
public func ge_session_layout(_ h: Int32) -> Int32 { sessionEvent(h, 10, 0, 0, 0) }

/// Photos `start…` of month `section` are known: the `n` aspects of the aspect input.
@_cdecl("ge_session_placed")
public func ge_session_placed(_ h: Int32, _ section: Int32, _ start: Int32, _ n: Int32) -> Int32 {
    sessionEvent(h, 11, Double(section), Double(start), Double(n))
}

/// The library's months: `n` months as triples in the int input.
@_cdecl("ge_session_months")
public func ge_session_months(_ h: Int32, _ n: Int32) -> Int32 { sessionEvent(h, 12, Double(n), 0, 0) }

/// A key: 1 Home, 2 End, 3 Page Up, 4 Page Down; returns 0 (no frame) for any other.
@_cdecl("ge_session_key")
public func ge_session_key(_ h: Int32, _ key: Int32) -> Int32 { sessionEvent(h, 13, Double(key), 0, 0) }

/// `n` live photos (aspects in the aspect input) inserted at `index` of month `section`.
@_cdecl("ge_session_inserted")
public func ge_session_inserted(_ h: Int32, _ section: Int32, _ index: Int32, _ n: Int32) -> Int32 {
    sessionEvent(h, 17, Double(section), Double(index), Double(n))
}

/// A live photo left month `section` at `index`.
@_cdecl("ge_session_deleted")
public func ge_session_deleted(_ h: Int32, _ section: Int32, _ index: Int32) -> Int32 {
    sessionEvent(h, 17, Double(section), Double(index), -1)
}

/// The viewer opened on `index` of `count` photos, or closed (`index` < 0).
@_cdecl("ge_session_viewer")
public func ge_session_viewer(_ h: Int32, _ index: Int32, _ count: Int32) -> Int32 {
    sessionFrame(h) { $0.openViewer(index < 0 ? nil : Int(index), count: Int(count), &$1) }
}

/// `n` photos (indices in the input) left the viewer's list.
@_cdecl("ge_session_removed")
public func ge_session_removed(_ h: Int32, _ n: Int32) -> Int32 {
    guard let slot = sessionSlot(h), n > 0, Int(n) <= slot.input.capacity else {
        return sessionFrame(h) { $0.removed([], &$1) }
    }
    var indices = [Int](repeating: 0, count: Int(n))
    for k in 0..<Int(n) { indices[k] = Int(slot.input[k]) }
    return sessionFrame(h) { $0.removed(indices, &$1) }
}

// MARK: Policy

/// A touch: phase 1 down, 2 move, 3 up or cancelled, at viewport (x, y), pointer `id`, over library
/// photo `item` (−1: none).
@_cdecl("ge_session_pointer")
public func ge_session_pointer(
    _ h: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ id: Int32, _ time: Double, _ item: Int32
)
    -> Int32
{
    guard phase >= 1 && phase <= 3 else { return 0 }
    return sessionEvent(h, 13 + phase, x, y, time, Double(id), Double(item))
}

/// A selection action: 1 a click on library photo `a` at `time` (`b`: 1 Shift, 2 toggle), 2 month `a`'s
/// heading, 3 select all, 4 clear; 5 whether the screen offers a selection (`a` ≠ 0), which makes no frame.
@_cdecl("ge_session_select")
public func ge_session_select(_ h: Int32, _ action: Int32, _ a: Int32, _ b: Int32, _ time: Double) -> Int32 {
    if action == 5 {
        sessionSlot(h)?.session.offersSelection = a != 0
        return 0
    }
    guard action >= 1 && action <= 4 else { return 0 }
    return sessionEvent(h, 17 + action, Double(a), Double(b), time)
}

/// `count` photos from `start` of month `section` are held in part (`GalleryEvent.partial`), or, for a
/// negative `section`, the photos held in part are wanted in full now (`GalleryEvent.wantsFull`).
@_cdecl("ge_session_partial")
public func ge_session_partial(_ h: Int32, _ section: Int32, _ start: Int32, _ count: Int32) -> Int32 {
    section < 0 ? sessionEvent(h, 23, 0, 0, 0) : sessionEvent(h, 22, Double(section), Double(start), Double(count))
}

/// The selected photos within library indices `lo..<hi`, as `[lo, hi)` pairs in the int buffer; returns
/// the pair count.
@_cdecl("ge_session_selected")
public func ge_session_selected(_ h: Int32, _ lo: Int32, _ hi: Int32) -> Int32 {
    guard let s = sessionSlot(h) else { return 0 }
    let pairs = s.session.selected(in: Int(lo), Int(hi))
    wasmInts.resize(pairs.count + 1)
    for k in 0..<pairs.count { wasmInts[k] = Int32(truncatingIfNeeded: pairs[k]) }
    return Int32(truncatingIfNeeded: pairs.count / 2)
}

/// Whether a click at `time` is the lift of the long press that opened a tile's menu.
@_cdecl("ge_session_ignores_click")
public func ge_session_ignores_click(_ h: Int32, _ time: Double) -> Int32 {
    sessionSlot(h)?.session.ignoresClick(at: time) == true ? 1 : 0
}

@_cdecl("ge_policy_small_thumb")
public func ge_policy_small_thumb(
    _ smallWidth: Double, _ smallHeight: Double, _ width: Double, _ height: Double, _ density: Double
) -> Int32 {
    GalleryPolicy().usesSmallThumb(
        smallWidth: smallWidth, smallHeight: smallHeight, width: width, height: height, density: density) ? 1 : 0
}

@_cdecl("ge_policy_wants_original")
public func ge_policy_wants_original(
    _ scale: Double, _ fitWidth: Double, _ density: Double, _ previewWidth: Double, _ originalWidth: Double
) -> Int32 {
    GalleryPolicy().wantsOriginal(
        scale: scale, fitWidth: fitWidth, density: density, previewWidth: previewWidth, originalWidth: originalWidth)
        ? 1 : 0
}

/// Whether the viewer's info sheet, let go `distance` px below where its drag began `duration` ms
/// earlier, closes (1) or springs back (0).
@_cdecl("ge_policy_sheet_dismisses")
public func ge_policy_sheet_dismisses(_ distance: Double, _ duration: Double) -> Int32 {
    GalleryPolicy().sheetDismisses(distance: distance, duration: duration) ? 1 : 0
}

/// `flags`: 1 decodes AVIF, 2 decodes WebP, 4 has AVIF, 8 has WebP. Returns 0 JPEG, 1 WebP, 2 AVIF.
@_cdecl("ge_policy_image_format")
public func ge_policy_image_format(_ flags: Int32) -> Int32 {
    GalleryPolicy().imageFormat(
        decodesAVIF: flags & 1 != 0, decodesWebP: flags & 2 != 0, hasAVIF: flags & 4 != 0, hasWebP: flags & 8 != 0
    ).rawValue
}

/// A zoom command (1 in, 2 out, 3 reset) at `scale`: the factor to zoom by, −1 to toggle as a double
/// tap does, 0 for nothing.
@_cdecl("ge_policy_zoom")
public func ge_policy_zoom(_ command: Int32, _ scale: Double) -> Double {
    guard let command = GalleryPolicy.ZoomCommand(rawValue: command) else { return 0 }
    switch GalleryPolicy().zoom(command, scale: scale) {
    case .by(let factor): return factor
    case .toggle: return -1
    case .none: return 0
    }
}

/// The client's policy value `key` (`ClientPolicy.value`: 1 search pause, 2 requery pause, 3 tags pause,
/// 4 filter leave, 5 first screen wait, 6 grid ready wait, 7 page size, 8 largest page, 9 batch by id,
/// 10 server tiles arrival, 11 server tiles paint, 12 toast, 13 undo, 14 details pause, 15 place keep,
/// 16 idle wait, 17 idle fallback, 18 hidden flush),
/// or NaN for another key.
@_cdecl("ge_policy_client")
public func ge_policy_client(_ key: Int32) -> Double { ClientPolicy().value(Int(key)) ?? .nan }

/// A slideshow on photo `current` of `count`: ms until the next photo, or −1 when it ends there.
@_cdecl("ge_policy_slideshow")
public func ge_policy_slideshow(_ current: Int32, _ count: Int32) -> Double {
    GalleryPolicy().slideshowDelay(current: Int(current), count: Int(count)) ?? -1
}

/// The `k`th expiry a new share link offers, in days (0: never), or −1 past the last.
@_cdecl("ge_policy_link_expiry")
public func ge_policy_link_expiry(_ k: Int32) -> Int32 {
    Int32(truncatingIfNeeded: GalleryPolicy.linkExpiry(Int(k)) ?? -1)
}

@_cdecl("ge_policy_wheel_zoom")
public func ge_policy_wheel_zoom(_ deltaY: Double) -> Double { GalleryPolicy().wheelZoom(deltaY: deltaY) }

/// The deck: the deck planner's plan (see `ge_deck_plan`, already in the int buffer, `n` indices) with
/// the ±1 neighbours of `current` it left out; returns the new count.
@_cdecl("ge_policy_deck")
public func ge_policy_deck(_ n: Int32, _ current: Int32, _ count: Int32) -> Int32 {
    var planned: [Int32] = []
    for k in 0..<(n > 0 && Int(n) <= wasmInts.count ? Int(n) : 0) { planned.append(wasmInts[k]) }
    let deck = GalleryPolicy().deck(planned, current: Int(current), count: Int(count))
    wasmInts.resize(deck.count + 1)
    for k in 0..<deck.count { wasmInts[k] = deck[k] }
    return Int32(truncatingIfNeeded: deck.count)
}

nonisolated(unsafe) var wasmDoubles = Column<Double>()

/// A buffer of at least `n` doubles for inputs longer than io (the scrubber's years).
@_cdecl("ge_doubles")
public func ge_doubles(_ n: Int32) -> UnsafeMutablePointer<Double>? {
    wasmDoubles.reserve(n > 0 && n < 1 << 24 ? Int(n) : 1)
    return wasmDoubles.pointer
}

/// The scrubber's year labels kept among the first `n` ys of the doubles buffer (ascending): writes the
/// kept indices to the int buffer and returns their count.
@_cdecl("ge_policy_scrubber_labels")
public func ge_policy_scrubber_labels(_ n: Int32) -> Int32 {
    var ys: [Double] = []
    for k in 0..<(n > 0 && Int(n) <= wasmDoubles.capacity ? Int(n) : 0) { ys.append(wasmDoubles[k]) }
    let kept = GalleryPolicy().scrubberLabels(ys)
    wasmInts.resize(kept.count + 1)
    for k in 0..<kept.count { wasmInts[k] = kept[k] }
    return Int32(truncatingIfNeeded: kept.count)
}

/// Milliseconds before the change feed reconnects after `failures` failed connections in a row
/// (`RetryPolicy.feed`), or −1 when it stops trying.
@_cdecl("ge_feed_retry_delay")
public func ge_feed_retry_delay(_ failures: Int32) -> Double {
    RetryPolicy.feed.delay(afterFailures: Int(failures)) ?? -1
}

/// Month `month`'s name (1…12) as UTF-8: returns a pointer to its bytes and writes their count to io[0].
@_cdecl("ge_month_name")
public func ge_month_name(_ month: Int32) -> UnsafePointer<UInt8> {
    let name = MonthNames.name(Int(month))
    io()[0] = Double(name.utf8CodeUnitCount)
    return name.utf8Start
}

/// Whether the viewer flies between a tile `height` px high, `y` px below the viewport's top, and a
/// viewport `viewportHeight` high (1), or fades (0).
@_cdecl("ge_policy_tile_flies")
public func ge_policy_tile_flies(_ y: Double, _ height: Double, _ viewportHeight: Double) -> Int32 {
    GalleryPolicy().tileFlies(y: y, height: height, viewportHeight: viewportHeight) ? 1 : 0
}

/// 1 while the viewer's deck and bars wait, `framesShown` frames after an open (the flight shows alone).
@_cdecl("ge_policy_deck_waits")
public func ge_policy_deck_waits(_ framesShown: Int32) -> Int32 {
    GalleryPolicy().deckWaits(framesShown: Int(framesShown)) ? 1 : 0
}

/// The flight back to the tile's starting speed (progress per second) after a dismiss released at
/// `releaseVelocity` px/s over a flight of `distance` px.
@_cdecl("ge_policy_close_velocity")
public func ge_policy_close_velocity(_ releaseVelocity: Double, _ distance: Double) -> Double {
    GalleryPolicy().closeFlightVelocity(releaseVelocity: releaseVelocity, distance: distance)
}

/// The offset that reveals an item (`GalleryPolicy.revealOffset`), or NaN when it shows already.
@_cdecl("ge_policy_reveal")
public func ge_policy_reveal(
    _ y: Double, _ height: Double, _ offset: Double, _ topBar: Double, _ viewportHeight: Double
) -> Double {
    GalleryPolicy().revealOffset(y: y, height: height, offset: offset, topBar: topBar, viewportHeight: viewportHeight)
        ?? .nan
}

/// The photo the viewer shows after its list changed (`GalleryPolicy.follow`), as an old index: the
/// doubles buffer holds the `n` old indices whose photos stayed (the open one's among them if it did).
/// −1 when none did.
@_cdecl("ge_policy_follow")
public func ge_policy_follow(_ current: Int32, _ n: Int32) -> Int32 {
    guard current >= 0, current < Int32.max else { return -1 }
    let count = n > 0 && Int(n) <= wasmDoubles.capacity ? Int(n) : 0
    var oldCount = Int(current) + 1
    for k in 0..<count where wasmDoubles[k] >= Double(oldCount) && wasmDoubles[k] < Double(Int32.max) {
        oldCount = Int(wasmDoubles[k]) + 1
    }
    let kept = GalleryPolicy.follow(current: Int(current), oldCount: oldCount) { i in
        var k = 0
        while k < count {
            if wasmDoubles[k] == Double(i) { return true }
            k += 1
        }
        return false
    }
    return kept.map { Int32(truncatingIfNeeded: $0) } ?? -1
}

/// The scrubber's track (`ScrubberTrack`) under a bar `topBar` high in a window `viewportHeight` high,
/// for a view that scrolls to `maximumOffset`, asked one thing at a time by `op`: 0 whether it shows
/// (1 or 0), 1 its top, 2 its length, 3 the fraction for offset `value`, 4 the handle's y for offset
/// `value`, 5 a label's y for content y `value`, 6 the offset for window y `value`; NaN for another op.
@_cdecl("ge_scrubber")
public func ge_scrubber(
    _ op: Int32, _ value: Double, _ topBar: Double, _ viewportHeight: Double, _ maximumOffset: Double
) -> Double {
    let track = ScrubberTrack(topBar: topBar, viewportHeight: viewportHeight, maximumOffset: maximumOffset)
    switch op {
    case 0: return track.shows ? 1 : 0
    case 1: return track.top
    case 2: return track.height
    case 3: return track.fraction(offset: value)
    case 4: return track.handleY(offset: value)
    case 5: return track.labelY(contentY: value)
    case 6: return track.offset(y: value)
    default: return .nan
    }
}
