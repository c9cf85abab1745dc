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
}
