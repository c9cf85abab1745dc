@testable import GalleryEngine

/// Deterministic aspect ratios (same xorshift generator as the benchmarks):
/// mostly 4:3 / 3:4 / 16:9 / square, with occasional panoramas and strips.
func pseudoRandomAspects(_ n: Int, seed: UInt32 = 0x9E37_79B9) -> [Float] {
    var s = seed
    var out = [Float](repeating: 1, count: n)
    for i in 0..<n {
        s ^= s << 13
        s ^= s >> 17
        s ^= s << 5
        let r = Float(s >> 8) / Float(1 << 24)
        out[i] = r < 0.02 ? 10 : (r < 0.04 ? 0.1 : 0.5 + r * 1.5)
    }
    return out
}

func frames(_ l: GalleryLayout) -> [Rect] {
    (0..<l.itemCount).map { l.frame(ofItem: $0) }
}

func isClose(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
