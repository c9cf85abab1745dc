extension JustifiedLayout {
    /// Clamped aspect ratios as exact integers ("units"), each with one gap
    /// added, so the row-breaking loop adds and compares integers.
    ///
    /// Why integers? The loop's decisions become sign masks (`x >> 63`), so it
    /// has no branch and no select (V8 turns a wasm float select into a branch,
    /// which mispredicts at nearly every row end). And integer sums are exact,
    /// so where a row breaks never depends on where a chunk or an append began.
    ///
    /// Exactness: every `Float` in the clamp range is a whole multiple of the
    /// smallest one's ulp, so a unit is that ulp: `units(a) = a · 2^k` with
    /// `k = 150 − exponent(lower)`, a whole number below 2^48 because the clamp
    /// keeps `upper ≤ lower · 2^24`. Sums of a row stay below 2^52, so they
    /// convert to `Double` exactly too.
    struct Units {
        /// Added to a `Float`'s bits shifted into a `Double`'s place (`bits << 29`),
        /// it rebases the exponent from `Float`'s bias to `Double`'s and multiplies by `2^k`.
        let exponentBias: Int64
        /// `2^-k`, the aspect of one unit.
        let unitSize: Double
        /// `spacing / targetRowHeight`, in units; each item carries one gap.
        let gap: Int64
        /// `(width + spacing) / targetRowHeight`, in units: items fit a row at the
        /// target height while their units (aspects plus one gap each) add up to
        /// at most this.
        let rowLimit: Int64
        /// The bits of 2^52 minus `gap`: for an integer `x < 2^52`, the bits of the
        /// `Double` `x + 2^52` minus this are `x + gap`, which turns a scaled
        /// aspect into units with an add and a subtract (no conversion to check).
        let bias: Int64

        init(_ c: LayoutConfiguration, clamp: AspectClamp) {
            let k = 150 - Int(clamp.lowerBits >> 23)
            exponentBias = Int64(1023 - 127 + k) &<< 52
            unitSize = EngineMath.scaleByPowerOfTwo(1, -k)
            let unit = EngineMath.scaleByPowerOfTwo(1, k)
            // Capped so a row's units stay below 2^52 (exact as a `Double`) whatever the
            // configuration; only a row over 2^21 target heights wide (at the smallest
            // minimum aspect the configuration allows, 0.01) meets the cap.
            let cap = Double(Int64(1) << 49)
            let gapUnits = c.spacing / c.targetRowHeight * unit
            gap = Int64(gapUnits < cap ? gapUnits : cap)
            bias = Int64(bitPattern: Self.magic.bitPattern) &- gap
            let limitUnits = (c.contentWidth + c.spacing) / c.targetRowHeight * unit
            let limit = Int64(limitUnits < 2 * cap ? limitUnits : 2 * cap)
            // A lone item always fits, even when rounding (or a container narrower than the
            // minimum aspect) says otherwise: it then fills the width at a lower height.
            let lone = Int64(Double(Float(bitPattern: clamp.upperBits)) * unit) &+ gap
            rowLimit = limit > lone ? limit : lone
        }

        /// 2^52: adding it to a whole `Double` below 2^52 puts the number in the low bits.
        static let magic: Double = 4_503_599_627_370_496

        /// Units of one clamped aspect (by its bit pattern), gap included.
        ///
        /// The `Double` `a · 2^k` is built from the `Float`'s bits (mantissa moved
        /// up, exponent rebased), not converted: V8's float-to-double conversion
        /// keeps a false dependency on its target register across iterations.
        @inline(__always)
        func callAsFunction(clampedBits: UInt32) -> Int64 {
            let scaled = Double(bitPattern: UInt64(bitPattern: Int64(clampedBits) &<< 29 &+ exponentBias))
            return Int64(bitPattern: (scaled + Self.magic).bitPattern) &- bias
        }

        /// `Double(x)` for `0 ≤ x < 2^52`, from bit patterns: V8 compiles the
        /// integer-to-double conversion with a false dependency on its target
        /// register, which chains the iterations of a loop together.
        @inline(__always)
        static func double(_ x: Int64) -> Double {
            Double(bitPattern: 0x4330_0000_0000_0000 | UInt64(bitPattern: x)) - magic
        }

        /// The aspect sum (without gaps) of a row of `count` items whose units add up to `total`.
        @inline(__always)
        func aspectSum(total: Int64, count: UInt32) -> Double {
            Self.double(total &- Int64(count) &* gap) * unitSize
        }

        /// Clamps and converts `count` raw aspect ratios, four at a time with SIMD
        /// (wasm `v128` in the browser), the rest one by one; both give the same
        /// units as `callAsFunction`.
        ///
        /// The clamp is on the bit patterns as signed integers: negative floats
        /// clamp up to `lower`, ∞ and NaN down to `upper`, and the validity test
        /// then swaps every invalid one for `square`.
        @_optimize(speed)
        func convert(
            _ input: UnsafePointer<Float>, count: Int, clamp: AspectClamp, into out: UnsafeMutablePointer<Int64>
        ) {
            let lower = SIMD4<Int32>(repeating: Int32(bitPattern: clamp.lowerBits))
            let upper = SIMD4<Int32>(repeating: Int32(bitPattern: clamp.upperBits))
            let square = SIMD4<Int32>(repeating: Int32(bitPattern: clamp.squareBits))
            let one = SIMD4<Int32>(repeating: 1)
            let largest = SIMD4<Int32>(repeating: 0x7F7F_FFFE)
            let exponent2 = SIMD2<UInt64>(repeating: UInt64(bitPattern: exponentBias))
            let magic2 = SIMD2<Double>(repeating: Self.magic)
            let bias2 = SIMD2<Int64>(repeating: bias)
            let source = UnsafeRawPointer(input)
            let target = UnsafeMutableRawPointer(out)
            @inline(__always)
            func units(_ half: SIMD2<UInt32>) -> SIMD2<Int64> {
                let scaled = SIMD2<UInt64>(truncatingIfNeeded: half) &<< 29 &+ exponent2
                let shifted = unsafeBitCast(scaled, to: SIMD2<Double>.self) + magic2
                return unsafeBitCast(shifted, to: SIMD2<Int64>.self) &- bias2
            }
            let vectorEnd = count & ~3
            var i = 0
            while i < vectorEnd {
                let raw = source.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<Int32>.self)
                // Sign masks, as in the row breaker: −1 where raw − 1 falls outside
                // 0...0x7F7F_FFFE, i.e. where the float is not positive and finite.
                let t = raw &- one
                let invalid = (t | (largest &- t)) &>> 31
                let clamped = pointwiseMin(pointwiseMax(raw, lower), upper)
                let bits = SIMD4<UInt32>(truncatingIfNeeded: clamped ^ ((clamped ^ square) & invalid))
                target.storeBytes(of: units(bits.lowHalf), toByteOffset: i &* 8, as: SIMD2<Int64>.self)
                target.storeBytes(of: units(bits.highHalf), toByteOffset: i &* 8 &+ 16, as: SIMD2<Int64>.self)
                i &+= 4
            }
            while i < count {
                out[i] = self(clampedBits: clamp.bits(input[i]))
                i &+= 1
            }
        }
    }
}
