// GalleryEngine native benchmarks (run with `swift run -c release engine-bench`).
// The wasm side is Benchmarks/engine/bench.mjs; both use the same xorshift
// aspect-ratio generator and layout configuration.
import GalleryEngine

// Links libm for unoptimised builds of the stdlib (`sqrt`, `round`).
#if canImport(Glibc)
    import Glibc
#endif

func aspects(_ n: Int, seed: UInt32 = 0x9E37_79B9) -> [Float] { SampleAspects.generate(count: n, seed: seed) }

func milliseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

/// Best of `runs` (minimum is the least noisy estimate on a shared machine).
func best(_ runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var m = Double.infinity
    for _ in 0..<runs {
        let t = clock.measure(body)
        m = min(m, milliseconds(t))
    }
    return m
}

/// The next xorshift32 value (a cheap, repeatable stream of offsets and sizes).
func xorshift(_ s: inout UInt32) -> UInt32 {
    s ^= s << 13
    s ^= s >> 17
    s ^= s << 5
    return s
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func fmt(_ v: Double, _ digits: Int = 3) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (v * p).rounded() / p
    return "\(r)"
}

let config = LayoutConfiguration.justified(width: 1200, targetRowHeight: 200, spacing: 4)
var rows: [(String, String, String)] = []
var keep = 0.0

for n in [1_000_000, 10_000_000] {
    let data = aspects(n)
    let label = n == 1_000_000 ? "1M" : "10M"
    // Fresh layout each run: includes allocating and first-touching ~12 B/item.
    let cold = best(3) {
        let l = GalleryLayout(configuration: config)
        l.reserveCapacity(n)
        l.append(aspectRatios: data)
        keep += l.contentHeight
    }
    // Reused layout (cleared, capacity kept): the layout algorithm itself.
    let l = GalleryLayout(configuration: config)
    l.reserveCapacity(n)
    let warm = best(5) {
        l.removeAll()
        l.append(aspectRatios: data)
        keep += l.contentHeight
    }
    rows.append(("justified layout \(label)", fmt(warm) + " ms", n == 10_000_000 ? "< 40 ms (wasm target)" : "-"))
    rows.append(("  fresh allocation \(label)", fmt(cold) + " ms", "-"))
}

do {
    let n = 10_000_000
    let data = aspects(n)
    let grid = GalleryLayout(configuration: .grid(width: 1200, minimumTileWidth: 150))
    let ms = best(5) {
        grid.removeAll()
        grid.append(aspectRatios: data)
    }
    rows.append(("grid layout 10M", fmt(ms) + " ms", "-"))

    let l = GalleryLayout(configuration: config)
    l.reserveCapacity(n)
    l.append(aspectRatios: data)
    var v = Virtualizer()
    let queries = 100_000
    var s: UInt32 = 777
    let height = l.contentHeight
    let clock = ContinuousClock()
    let t = clock.measure {
        for _ in 0..<queries {
            let offset = Double(xorshift(&s)) / 4_294_967_296 * height
            let u = v.update(layout: l, contentOffset: offset, viewportHeight: 900, velocity: 2)
            keep += Double(u.visible.lowerBound)
        }
    }
    rows.append(("virtualization query @10M", fmt(milliseconds(t) / Double(queries) * 1000, 3) + " µs", "< 100 µs"))
}

// The timeline: a whole library laid out from month counts (120 months), a
// virtualization query across months, and a 70 000-photo month laid out exactly
// as its pages arrive.
func months(total: Int, count: Int) -> [TimelineMonth] {
    var out: [TimelineMonth] = []
    var s: UInt32 = 4242
    var weights: [Int] = []
    for _ in 0..<count {
        weights.append(500 + Int(xorshift(&s) % 1000))
    }
    let sum = weights.reduce(0, +)
    var left = total
    for k in 0..<count {
        let n = k == count - 1 ? left : total / sum * weights[k] + (total % sum) * weights[k] / sum
        out.append(TimelineMonth(year: 2026 - Int32(k / 12), month: Int32(12 - k % 12), count: n))
        left -= n
    }
    return out
}

do {
    let timelineConfig = TimelineConfiguration(
        layout: .justified(width: 1200, targetRowHeight: 200, spacing: 4, headerHeight: 40), averageAspectRatio: 1.3,
        yearHeaderHeight: 24)
    for n in [1_000_000, 10_000_000] {
        let library = months(total: n, count: 120)
        let t = TimelineLayout(configuration: timelineConfig)
        let ms = best(20) {
            t.setMonths(library)
            keep += t.contentHeight
        }
        rows.append(("timeline from counts \(n == 1_000_000 ? "1M" : "10M")", fmt(ms * 1000) + " µs", "120 months"))
    }

    let t = TimelineLayout(configuration: timelineConfig)
    t.setMonths(months(total: 10_000_000, count: 120))
    let space = ScrollSpace(contentHeight: t.contentHeight, viewportHeight: 900)
    let queries = 100_000
    var s: UInt32 = 991
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<queries {
            let offset = space.contentOffset(forScrollTop: Double(xorshift(&s)) / 4_294_967_296 * space.scrollHeight)
            let w = t.window(contentOffset: offset, viewportHeight: 900, velocity: 2)
            keep += Double(w.visible.count)
        }
    }
    rows.append(("timeline window @10M", fmt(milliseconds(elapsed) / Double(queries) * 1000, 3) + " µs", "< 100 µs"))

    var planner = TimelinePlanner()
    let planned = clock.measure {
        for k in 0..<10_000 {
            let offset = Double(k) / 10_000 * (t.contentHeight - 900)
            let plan = planner.plan(layout: t, contentOffset: offset, viewportHeight: 900, velocity: 2)
            for r in plan.requests { planner.finish(id: r.id) }
        }
    }
    rows.append(("timeline plan @10M", fmt(milliseconds(planned) / 10_000 * 1000, 3) + " µs", "-"))

    let month = aspects(70_000)
    let pages = best(5) {
        let m = TimelineLayout(configuration: timelineConfig)
        m.setMonths([TimelineMonth(year: 2026, month: 1, count: 70_000)] + months(total: 1_000_000, count: 119))
        var at = 0
        while at < 70_000 {
            let end = min(at + 500, 70_000)
            month[at..<end].withUnsafeBufferPointer { m.setItems(section: 0, start: at, aspectRatios: $0, anchorY: 0) }
            at = end
        }
        keep += m.contentHeight
    }
    rows.append(("70k-photo month, 140 pages", fmt(pages) + " ms", "< 50 ms (one task)"))
}

print("GalleryEngine native benchmark (release build: swift run -c release engine-bench)")
print(pad("benchmark", 30) + pad("measured", 16) + "target")
print(String(repeating: "-", count: 70))
for r in rows { print(pad(r.0, 30) + pad(r.1, 16) + r.2) }
if keep == 42 { print("") }  // keeps results observable to the optimiser
