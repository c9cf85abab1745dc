/// Elementary functions implemented in plain Swift.
///
/// Why not `Foundation`/`Glibc`? The engine is compiled with Embedded Swift for
/// WebAssembly, where neither exists. Implementing `exp`, `sin` and `cos` here
/// (ports of the fdlibm/musl kernels, < 1 ulp in the ranges the engine uses)
/// means the native build and the wasm build execute *the same IEEE operations*
/// and so produce bit-identical results, which keeps the parity test strict.
public enum EngineMath {
    /// π to double precision.
    public static let pi: Double = 3.141592653589793

    /// `e^x`. fdlibm algorithm: reduce `x = k·ln2 + r` with `|r| ≤ ln2/2`
    /// (Cody–Waite split of ln2 keeps `r` exact), then a degree-5 Remez rational
    /// approximation of `e^r`, then scale by `2^k`.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        let ln2Hi = 6.93147180369123816490e-01
        let ln2Lo = 1.90821492927058770002e-10
        let invLn2 = 1.44269504088896338700e+00
        let absX = x < 0 ? -x : x
        var hi = x
        var lo = 0.0
        var k = 0
        if absX > 0.5 * 0.6931471805599453 {
            k = Int(EngineMath.nearestInteger(x * invLn2))
            let kd = Double(k)
            hi = x - kd * ln2Hi
            lo = kd * ln2Lo
        } else if absX < 3.725290298461914e-09 {
            return 1 + x
        }
        let r = hi - lo
        let t = r * r
        let c =
            r - t
            * (1.66666666666666019037e-01
                + t
                * (-2.77777777770155933842e-03
                    + t
                    * (6.61375632143793436117e-05
                        + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        return scaleByPowerOfTwo(y, k)
    }

    /// `y · 2^k` without a libm `scalbn`: splits large exponents so intermediate
    /// powers stay normal.
    @inline(__always)
    static func scaleByPowerOfTwo(_ y: Double, _ k: Int) -> Double {
        var result = y
        var e = k
        // 2^e built from its bit pattern (biased exponent in bits 52…62); steps of
        // 2^±1000 keep every factor a normal number.
        while e > 1000 {
            result *= Double(bitPattern: UInt64(1023 + 1000) << 52)
            e -= 1000
        }
        while e < -1000 {
            result *= Double(bitPattern: UInt64(1023 - 1000) << 52)
            e += 1000
        }
        return result * Double(bitPattern: UInt64(1023 + e) << 52)
    }

    /// `sin x`. Accurate for `|x|` up to ~1e9 (two-step Cody–Waite reduction by π/2,
    /// good to ~118 bits), which far exceeds what springs need (`ωt` of a few hundred).
    public static func sin(_ x: Double) -> Double {
        let (s, c) = sinCos(x)
        _ = c
        return s
    }

    /// `cos x`. See ``sin(_:)``.
    public static func cos(_ x: Double) -> Double {
        let (s, c) = sinCos(x)
        _ = s
        return c
    }

    /// Both `sin x` and `cos x` from one range reduction (springs need both).
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        if !x.isFinite { return (.nan, .nan) }
        let absX = x < 0 ? -x : x
        // Beyond 2^40 rad the reduction loses its precision guarantees; no caller
        // gets near it (springs evaluate ω·Δt of at most a few hundred).
        if absX > 1.099511627776e12 { return (0, 1) }
        if absX <= 0.7853981633974483 {
            return (sinKernel(x, 0, tailIsZero: true), cosKernel(x, 0))
        }
        let invPio2 = 6.36619772367581382433e-01
        let pio2_1 = 1.57079632673412561417e+00
        let pio2_2 = 6.07710050630396597660e-11
        let pio2_2t = 2.02226624879595063154e-21
        let n = EngineMath.nearestInteger(x * invPio2)
        let fn = Double(n)
        let t = x - fn * pio2_1
        var w = fn * pio2_2
        let r = t - w
        w = fn * pio2_2t - ((t - r) - w)
        let y0 = r - w
        let y1 = (r - y0) - w
        let s = sinKernel(y0, y1, tailIsZero: false)
        let c = cosKernel(y0, y1)
        switch n & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin on [-π/4, π/4] for `x + y` (y = tail of the reduced argument), musl `__sin`.
    @inline(__always)
    static func sinKernel(_ x: Double, _ y: Double, tailIsZero: Bool) -> Double {
        let s1 = -1.66666666666666324348e-01
        let s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04
        let s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08
        let s6 = 1.58969099521155010221e-10
        let z = x * x
        let w = z * z
        let r = s2 + z * (s3 + z * s4) + z * w * (s5 + z * s6)
        let v = z * x
        if tailIsZero { return x + v * (s1 + z * r) }
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    /// cos on [-π/4, π/4] for `x + y`, musl `__cos`.
    @inline(__always)
    static func cosKernel(_ x: Double, _ y: Double) -> Double {
        let c1 = 4.16666666666666019037e-02
        let c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05
        let c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09
        let c6 = -1.13596475577881948265e-11
        let z = x * x
        let w = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
        let hz = 0.5 * z
        let ww = 1.0 - hz
        return ww + (((1.0 - ww) - hz) + (z * r - x * y))
    }

    /// Nearest integer (halves away from zero) for finite `|x| < 2^62`; either
    /// neighbour of a half is fine for range reduction.
    ///
    /// Why not `x.rounded()`? In unoptimised native builds it calls libm's
    /// `round`/`floor`, which an executable without Foundation doesn't link;
    /// a conversion to `Int` is a single instruction everywhere.
    @inline(__always)
    public static func nearestInteger(_ x: Double) -> Int64 {
        Int64(x < 0 ? x - 0.5 : x + 0.5)
    }

    /// ⌊x⌋ for `x ≥ 0` (truncation equals floor there), saturating at 2·10⁹
    /// (`Int` is 32-bit in wasm); 0 for negatives and NaN.
    @inline(__always)
    public static func floorNonNegative(_ x: Double) -> Int {
        x > 0 ? (x < 2e9 ? Int(x) : 2_000_000_000) : 0
    }

    /// Clamps `x` into `lo...hi` (NaN maps to `lo`, so bad input never propagates).
    @inline(__always)
    public static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
        if x >= lo { return x <= hi ? x : hi }
        return lo
    }

    /// Linear interpolation; `t` outside `0...1` extrapolates.
    @inline(__always)
    public static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a + (b - a) * t
    }

    /// iOS-style rubber band: maps an overshoot `offset` (any sign) to a damped
    /// offset that grows ever slower and never exceeds `dimension`.
    /// `coefficient` 0.55 is the value UIScrollView is commonly measured to use.
    public static func rubberBand(
        _ offset: Double, dimension: Double, coefficient: Double = 0.55
    )
        -> Double
    {
        guard dimension > 0 else { return 0 }
        let magnitude = offset < 0 ? -offset : offset
        let damped = (1.0 - 1.0 / (magnitude * coefficient / dimension + 1.0)) * dimension
        return offset < 0 ? -damped : damped
    }

    /// Distance a fling travels before stopping when its velocity decays by
    /// `decelerationRate` every millisecond (UIScrollView's model):
    /// `Σ v·rⁿ = v·r/(1−r)`. `velocity` in px/ms; 0.995 projects ×199.
    public static func projectedDistance(
        velocity: Double, decelerationRate: Double = 0.995
    )
        -> Double
    {
        guard decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return velocity * decelerationRate / (1 - decelerationRate)
    }
}
