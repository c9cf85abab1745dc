import Testing

@testable import GalleryEngine

/// The C ABI used by engine.js, exercised natively (same code as in wasm).
@Suite("Wasm ABI", .serialized)
struct ExportsTests {
    @Test func layoutThroughTheABI() {
        let io = ge_io()
        for (k, v) in [1.0, 1000, 4, 0, 0, 0, 0, 0, 100, 4.0 / 3.0, 0, 200, 0.5, 3].enumerated() { io[k] = v }
        let h = ge_layout_create()
        #expect(h > 0)
        let aspects = pseudoRandomAspects(500)
        let input = ge_layout_input(h, 500)!
        for i in 0..<500 { input[i] = aspects[i] }
        #expect(ge_layout_append(h, 500, 0) == 0)
        #expect(ge_layout_count(h) == 500)
        let swift = GalleryLayout(configuration: .justified(width: 1000, targetRowHeight: 200, spacing: 4))
        swift.append(aspectRatios: aspects)
        #expect(ge_layout_content_height(h) == swift.contentHeight)
        let frames = ge_layout_frames(h, 100, 110, 0)!
        #expect(Double(frames[2]) == Double(Float(swift.frame(ofItem: 100).width)))
        ge_virtualize(h, 5000, 800, 0)
        #expect(Int(io[0]) == swift.items(intersectingTop: 5000, bottom: 5800).lowerBound)
        ge_layout_destroy(h)
        #expect(ge_layout_count(h) == 0, "destroyed handles are inert")
        #expect(ge_layout_count(9999) == 0)
    }

    /// The page leaves numbers out as NaN: the layout then has the engine's defaults, the only ones there are
    /// (the bindings hold none), and a column count far out of range is no count rather than a trap.
    @Test func numbersLeftOutTakeTheEnginesDefaults() {
        let io = ge_io()
        for k in 0..<16 { io[k] = .nan }
        io[0] = 1
        io[1] = 1000
        let h = ge_layout_create()
        let aspects = pseudoRandomAspects(300)
        let input = ge_layout_input(h, 300)!
        for i in 0..<300 { input[i] = aspects[i] }
        #expect(ge_layout_append(h, 300, 0) == 0)
        let swift = GalleryLayout(configuration: LayoutConfiguration(style: .justified, width: 1000))
        swift.append(aspectRatios: aspects)
        #expect(ge_layout_content_height(h) == swift.contentHeight)
        ge_layout_destroy(h)

        let t = ge_timeline_create()
        #expect(timelineSlot(t)?.layout.configuration == TimelineConfiguration(layout: swift.configuration))
        ge_timeline_destroy(t)

        io[0] = 0
        io[10] = 1e300
        #expect(configurationFromIO().sanitized() == LayoutConfiguration(style: .grid, width: 1000))
        for bad in [Double.nan, .infinity, -.infinity] {
            let grid = GalleryLayout(
                configuration: LayoutConfiguration(style: .grid, width: 1000, tileAspectRatio: bad))
            grid.append(aspectRatios: [1, 1, 1])
            #expect(grid.configuration.tileAspectRatio.isFinite && grid.contentHeight.isFinite, "\(bad)")
        }
    }

    @Test func diffThroughTheABI() {
        let input = ge_diff_input(4, 5)!
        for (k, v) in ([1, 2, 3, 4, 4, 1, 2, 5, 3] as [Int32]).enumerated() { input[k] = v }
        let n = ge_diff_run(4, 5)
        let out = ge_ints()!
        #expect(n == 3 + 0 + 1 + 2)
        #expect(out[0] == 0 && out[1] == 1 && out[2] == 1)
    }

    @Test func springsThroughTheABI() {
        let h = ge_springs_create(2)
        ge_spring_configure(h, 0, 2 * EngineMath.pi / 30, 1, 1, 50)
        ge_spring_reset(h, 0, 0, 0)
        ge_spring_retarget(h, 0, 100)
        var frames = 0
        while ge_springs_step(h, 16) > 0 { frames += 1 }
        #expect(ge_springs_values(h)![0] == 100)
        #expect(frames > 5 && frames < 60)
    }

    @Test func timelineThroughTheABI() {
        let io = ge_io()
        for (k, v) in [1.0, 1000, 4, 0, 0, 0, 0, 40, 100, 4.0 / 3.0, 0, 200, 0.5, 3, 1.3, 20].enumerated() { io[k] = v }
        let h = ge_timeline_create()
        #expect(h > 0)
        let months: [Int32] = [2026, 3, 500, 2026, 2, 700, 2025, 12, 900]
        let input = ge_timeline_months_input(h, 3)!
        for (k, v) in months.enumerated() { input[k] = v }
        #expect(ge_timeline_set_months(h, 3) == 3)
        #expect(ge_timeline_item_count(h) == 2100)

        let swift = TimelineLayout(
            configuration: TimelineConfiguration(
                layout: .justified(width: 1000, targetRowHeight: 200, spacing: 4, headerHeight: 40),
                averageAspectRatio: 1.3, yearHeaderHeight: 20))
        swift.setMonths([
            TimelineMonth(year: 2026, month: 3, count: 500), TimelineMonth(year: 2026, month: 2, count: 700),
            TimelineMonth(year: 2025, month: 12, count: 900),
        ])
        #expect(ge_timeline_content_height(h) == swift.contentHeight)
        #expect(ge_timeline_section(h, 2) == 1)
        #expect(io[0] == swift.sectionTop(2) && io[1] == 60 && io[3] == 900 && io[4] == 2025 && io[7] == 1)
        #expect(ge_timeline_section(h, 3) == 0)
        let tops = ge_timeline_section_tops(h)!
        #expect(tops[1] == swift.sectionTop(1) && tops[3] == swift.contentHeight)

        // A page arrives above the anchor: the correction is the one the Swift API gives.
        let aspects = pseudoRandomAspects(200)
        let items = ge_timeline_items_input(h, 200)!
        for i in 0..<200 { items[i] = aspects[i] }
        let anchorY = swift.sectionTop(2) + 100
        let correction = ge_timeline_set_items(h, 1, 0, 200, anchorY)
        #expect(correction == swift.setItems(section: 1, start: 0, aspectRatios: aspects, anchorY: anchorY))
        #expect(ge_timeline_is_loaded(h, 1, 199) == 1 && ge_timeline_is_loaded(h, 1, 200) == 0)
        #expect(ge_timeline_section_at(h, anchorY + correction) == 2)

        // The window: [visible count, overscan count, quadruples…].
        let offset = swift.sectionTop(1) + 50
        let n = Int(ge_timeline_window(h, offset, 800, 0))
        let window = swift.window(contentOffset: offset, viewportHeight: 800)
        let out = ge_ints()!
        #expect(Int(out[0]) == window.visible.count && Int(out[1]) == window.overscan.count)
        #expect(n == 2 + 4 * (window.visible.count + window.overscan.count))
        #expect(Int(out[2]) == window.visible[0].section && Int(out[3]) == window.visible[0].items.lowerBound)
        #expect(Int(out[4]) == window.visible[0].items.upperBound)

        let frames = ge_timeline_frames(h, 1, 10, 20, offset)!
        let f = swift.frame(section: 1, item: 10)!
        #expect(frames[0] == Float(f.x) && frames[1] == Float(f.y - offset) && frames[2] == Float(f.width))
        #expect(ge_timeline_item_frame(h, 1, 10) == 1 && io[1] == f.y)
        #expect(ge_timeline_item_at(h, f.midX, f.midY) == 1 && io[0] == 10)
        #expect(ge_timeline_anchor(h, f.midX, f.y + 3) == 1 && io[0] == 1 && io[1] == 10 && io[2] == 3)
        #expect(ge_timeline_anchor_y(h, 1, 10, 3) == f.y + 3)

        // The planner: requests out, one finished, the rest cancelled by a far jump at scrub speed.
        ge_timeline_planner_configure(h, 10, 2, 30, 1, 0.5, 250, 4, 0.25, 0.05)
        #expect(ge_timeline_plan(h, swift.sectionTop(2) + 500, 800, 0) == 2 + 4 * 2)
        #expect(out[0] == 2 && out[1] == 0 && out[3] == 2)
        let first = out[2]
        let second = out[6]
        #expect(ge_timeline_finish(h, first) == 1 && ge_timeline_finish(h, first) == 0)
        _ = ge_timeline_plan(h, 0, 800, 100)
        #expect(out[0] == 0 && out[1] == 1 && out[2] == second)

        // A resize through the ABI gives the Swift API's correction.
        for (k, v) in [1.0, 700, 4, 0, 0, 0, 0, 40, 100, 4.0 / 3.0, 0, 200, 0.5, 3, 1.3, 20].enumerated() { io[k] = v }
        let narrow = TimelineConfiguration(
            layout: .justified(width: 700, targetRowHeight: 200, spacing: 4, headerHeight: 40),
            averageAspectRatio: 1.3, yearHeaderHeight: 20)
        #expect(ge_timeline_configure(h, 300, f.y + 3) == swift.reconfigure(narrow, anchorX: 300, anchorY: f.y + 3))
        #expect(ge_timeline_content_height(h) == swift.contentHeight)
        ge_timeline_destroy(h)
        #expect(ge_timeline_section_count(h) == 0, "destroyed handles are inert")
        #expect(ge_timeline_set_items(h, 0, 0, 1, 0) == 0)
        #expect(ge_timeline_frames(9999, 0, 0, 1, 0) == nil)
    }
}

/// Live changes and the retry policy through the C ABI.
@Suite("Wasm ABI: live changes", .serialized)
struct LiveExportsTests {
    /// Writes `ids` one after another to the id buffer; their lengths.
    func put(_ ids: [String]) -> [Int32] {
        let bytes = ids.flatMap { Array($0.utf8) }
        let buffer = ge_id_buffer(Int32(bytes.count))!
        for (k, b) in bytes.enumerated() { buffer[k] = b }
        return ids.map { Int32($0.utf8.count) }
    }

    @Test func aMonthFollowsABatchOfChangesThroughTheABI() {
        let h = ge_live_create()
        let places: [(String, Double)] = [("f", 20), ("e", 18), ("", -1), ("b", 12)]
        let lengths = put(places.map(\.0))
        let times = ge_live_times(h, 4)!
        let ints = ge_live_ints(h, 4)!
        for (k, place) in places.enumerated() {
            times[k] = place.1 * 3_600_000
            ints[k] = place.0.isEmpty ? -1 : lengths[k]
        }
        #expect(ge_live_fill(h, 4) == 4 && ge_live_count(h) == 4)
        let month: Int32 = 1 | 2 | 4 | 16
        // An insert between loaded photos, the delete of a loaded one, the delete of one not loaded.
        let changes: [(Int32, String, Double)] = [(0, "x", 19), (2, "f", 0), (2, "q", 15)]
        let ids = put(changes.map(\.1))
        let out = ge_live_ints(h, 21)!
        let at = ge_live_times(h, 3)!
        for (k, c) in changes.enumerated() {
            at[k] = c.2 * 3_600_000
            out[2 * k] = c.0
            out[2 * k + 1] = ids[k]
        }
        #expect(ge_live_apply(h, 3, month) == 3)
        #expect(
            Array(UnsafeBufferPointer(start: out + 6, count: 15)) == [
                -1, 1, 1, -1, 0, 0, -1, 0, -1, 0, -1, -1, 0, -1, 1,
            ])
        #expect(ge_live_count(h) == 4)
        out[2] = 7
        #expect(ge_live_apply(h, 2, month) == 1, "it stops at an unknown kind")
        #expect(out[7] == 0 && ge_live_count(h) == 4, "the first applied: x again, replaced where it is")
        out[0] = 0
        out[1] = -3
        #expect(ge_live_apply(h, 1, month) == 0, "an id length below 0")
        out[1] = 1 << 30
        #expect(ge_live_apply(h, 1, month) == 0, "an id past the buffer")
        #expect(ge_live_count(h) == 4)
        #expect(ge_live_apply(h, 1 << 20, month) == -1, "more changes than the buffers hold")
        out[0] = 1 << 30
        #expect(ge_live_fill(h, 1) == -1 && ge_live_count(h) == 0, "lengths past the id buffer empty the run")
        ge_live_destroy(h)
        #expect(ge_live_apply(h, 0, 0) == -1 && ge_live_fill(h, 0) == -1 && ge_live_times(h, 1) == nil)
        #expect(ge_month_of(0) == 197_001 && ge_month_of(.nan) == 197_001 && ge_month_of(-.infinity) < 0)
        #expect(ge_retry_delay(1) == 1000 && ge_retry_delay(6) == -1)
    }
}
