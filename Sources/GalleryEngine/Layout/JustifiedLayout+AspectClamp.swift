extension JustifiedLayout {
    /// Turns a stored aspect ratio into the one used for packing: invalid → 1,
    /// then clamped to the configured range.
    ///
    /// It works on the `Float` bit patterns: for positive floats the integer
    /// order is the numeric order, so validity and both clamps are integer
    /// selects. V8 compiles a wasm *float* select to a branch, which
    /// mispredicts on every panorama; integer selects become `cmov`. The limits
    /// are the `Float`s nearest the configured ones (rounded inwards).
    public struct AspectClamp: Equatable, Sendable {
        let lowerBits: UInt32
        let upperBits: UInt32
        let squareBits: UInt32

        public init(minimum: Double, maximum: Double) {
            // Bounded so the packing loop's units stay exact and far from overflow
            // (see `Units`): at least 2^-20, at most 2^24 times the minimum.
            let smallest = Float(bitPattern: 0x3580_0000)  // 2^-20
            var lower = Float(minimum)
            if Double(lower) < minimum { lower = lower.nextUp }
            if !(lower >= smallest) { lower = smallest }
            var upper = Float(maximum)
            if Double(upper) > maximum { upper = upper.nextDown }
            let widest = lower * Float(bitPattern: 0x4B80_0000)  // 2^24
            if !(upper <= widest) { upper = widest }
            if upper < lower { upper = lower }
            lowerBits = lower.bitPattern
            upperBits = upper.bitPattern
            let one = Float(1).bitPattern
            squareBits = one < lowerBits ? lowerBits : (one > upperBits ? upperBits : one)
        }

        public init(_ c: LayoutConfiguration) {
            self.init(minimum: c.minimumAspectRatio, maximum: JustifiedLayout.maximumAspect(for: c))
        }

        @inline(__always)
        public func callAsFunction(_ raw: Float) -> Double {
            Double(Float(bitPattern: bits(raw)))
        }

        /// The clamped aspect's bit pattern.
        @inline(__always)
        func bits(_ raw: Float) -> UInt32 {
            var bits = raw.bitPattern
            // 1...0x7F7F_FFFF are exactly the positive finite floats (0, negatives, ∞ and NaN fall outside).
            let valid = bits &- 1 < 0x7F7F_FFFF
            bits = bits > lowerBits ? bits : lowerBits
            bits = bits < upperBits ? bits : upperBits
            return valid ? bits : squareBits
        }
    }
}
