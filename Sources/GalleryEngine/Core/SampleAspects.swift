/// Deterministic aspect ratios shaped like a real library: mostly 0.5…2, with occasional 10:1
/// panoramas and 1:10 strips.
///
/// One xorshift32 generator shared by the unit tests, the native benchmark and the native side of
/// the wasm parity check; `Tests/EngineParity/parity.mjs` and `Benchmarks/engine/bench.mjs` repeat
/// it in JS, so both sides lay out the same library. Nothing exports it to wasm, so it is stripped there.
public enum SampleAspects {
    public static func generate(count: Int, seed: UInt32 = 0x9E37_79B9) -> [Float] {
        var s = seed
        var out = [Float](repeating: 1, count: count)
        for i in 0..<count {
            s ^= s << 13
            s ^= s >> 17
            s ^= s << 5
            let r = Float(s >> 8) / Float(1 << 24)
            out[i] = r < 0.02 ? 10 : (r < 0.04 ? 0.1 : 0.5 + r * 1.5)
        }
        return out
    }
}
