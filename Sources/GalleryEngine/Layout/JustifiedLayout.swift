/// Justified rows (Flickr/Google/Apple Photos style), packed greedily in one pass.
///
/// Why greedy rather than Knuth–Plass style optimal breaking? It is O(n) with a
/// tiny constant (10 M items in tens of milliseconds in wasm), and it is
/// *causal*: whether a row ends depends only on the items up to and including
/// the one that overflowed it. That is what makes incremental append exact —
/// only the final, open row can change when more items arrive.
///
/// Rules:
/// - Each aspect ratio is clamped to `minimumAspectRatio...maximumAspectRatio`
///   (and to the width/target ratio) so a 10:1 panorama or a 1:10 strip gets a
///   sane box; the image is cover-cropped inside it. Invalid ratios (NaN, ≤ 0,
///   ∞) count as square.
/// - Items are added while the row, at the target height, fits the width. The
///   item that overflows is included if that leaves the row height closer (in
///   ratio) to the target than leaving it out.
/// - Full rows are scaled to fill the width exactly. The last row (of the
///   library or of a section) keeps the target height, left-aligned: never
///   stretched.
///
/// Only rows are stored (first item, top, height). An item's x and width follow
/// from its row's height and the clamped aspects before it in the row, so they
/// are computed when asked for (`GalleryLayout.frame(ofItem:)`, `writeFrames`),
/// in O(items in the row).
public enum JustifiedLayout {
    /// Upper clamp actually used: a single item at the target height must fit the width.
    public static func maximumAspect(for c: LayoutConfiguration) -> Double {
        let fit = c.contentWidth / c.targetRowHeight
        let m = c.maximumAspectRatio < fit ? c.maximumAspectRatio : fit
        return m > c.minimumAspectRatio ? m : c.minimumAspectRatio
    }

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
            var lower = Float(minimum)
            if Double(lower) < minimum { lower = lower.nextUp }
            var upper = Float(maximum)
            if Double(upper) > maximum { upper = upper.nextDown }
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
            var bits = raw.bitPattern
            // 1...0x7F7F_FFFF are exactly the positive finite floats (0, negatives, ∞ and NaN fall outside).
            let valid = bits &- 1 < 0x7F7F_FFFF
            bits = bits > lowerBits ? bits : lowerBits
            bits = bits < upperBits ? bits : upperBits
            bits = valid ? bits : squareBits
            return Double(Float(bitPattern: bits))
        }
    }

    /// Per-configuration constants of the packing loop, indexed by the number
    /// of items already in the row (so the loop does a load, not arithmetic).
    struct RowTables {
        /// `fits[n]`: the widest aspect sum for which n + 1 items fit at the
        /// target height, `(W − n·gap) / T`. The last entry is −∞, which caps a
        /// row at `count − 1` items (only reachable with absurd configurations).
        let fits: UnsafeMutablePointer<Double>
        /// `include[n]`: `(W − n·gap)·(W − (n−1)·gap)`, the right side of the
        /// include-the-overflowing-item test.
        let include: UnsafeMutablePointer<Double>
        /// `space[k]`: width left for the k items of a row, `W − (k−1)·gap`.
        let space: UnsafeMutablePointer<Double>

        init(_ c: LayoutConfiguration, minimumAspect: Double) {
            let width = c.contentWidth
            let gap = c.spacing
            let invTarget = 1 / c.targetRowHeight
            // A row can't hold more items than fit at the minimum aspect (+2 for the
            // overflow item and rounding); bounded so absurd widths can't exhaust memory.
            let perRow = EngineMath.floorNonNegative(width / (minimumAspect * c.targetRowHeight)) + 2
            let count = (perRow < 4094 ? perRow : 4094) + 2
            fits = .allocate(capacity: count + 1)
            include = .allocate(capacity: count + 1)
            space = .allocate(capacity: count + 1)
            for n in 0...count {
                let left = width - Double(n) * gap
                fits[n] = left * invTarget
                let clampedLeft = left > 0 ? left : 0
                include[n] = clampedLeft * (clampedLeft + gap)
                space[n] = width - Double(n - 1) * gap
            }
            fits[count - 1] = -.infinity
            fits[count] = -.infinity
        }

        func deallocate() {
            fits.deallocate()
            include.deallocate()
            space.deallocate()
        }
    }
}

extension JustifiedLayout {
    /// The packing loop, written for speed (it lays out 10 M items per call in
    /// the benchmark).
    ///
    /// One flat loop over the items of a section: the index always advances by
    /// one, so the next aspects can be loaded before the current row is decided.
    /// When item `i` overflows the row, the row closes with or without it and,
    /// if without, `i` opens the next row. The only data-dependent branch is
    /// "does it fit"; the include decision (a coin flip per row that would
    /// otherwise mispredict half the time) is arithmetic: multiplying by 0 or 1
    /// is exact, and V8 compiles a float select to a branch.
    static func pack(
        _ state: inout GalleryLayout.PackState, configuration c: LayoutConfiguration,
        aspects: UnsafeMutablePointer<Float>?
    ) {
        let count = state.itemCount
        guard state.cursor.item < count, let input = aspects else { return }
        let target = c.targetRowHeight
        let targetSquared = target * target
        let clamp = AspectClamp(c)
        let tables = RowTables(c, minimumAspect: Double(Float(bitPattern: clamp.lowerBits)))
        defer { tables.deallocate() }
        let fits = tables.fits
        let includeLimit = tables.include
        let space = tables.space
        let fitsAlone = fits[0]

        var before = state.cursor
        var lastRowIsOpen = false
        while state.cursor.item < count {
            let sectionStart = state.cursor
            let end = state.placeHeaderIfNeeded()
            var first = state.cursor.item
            var n = 0  // items in the open row
            var sum = 0.0  // their clamped aspect sum
            var i = first
            while i < end {
                // Chunks with room reserved for a row per item, so the loop stores rows unchecked.
                let chunkEnd = end - i > 8192 ? i + 8192 : end
                state.reserveRows(state.rowFirstItem.count + (chunkEnd - i) + 1)
                var rows = RowSink(state)
                while i < chunkEnd {
                    let a = clamp(input[i])
                    let withItem = sum + a
                    i &+= 1
                    if withItem <= fits[n] {
                        sum = withItem
                        n &+= 1
                        continue
                    }
                    // Item i − 1 overflows. Include it if that leaves the row height closer
                    // (in ratio) to the target: T/h_with ≤ h_without/T, i.e.
                    // T²·sum·(sum+a) ≤ (W−n·g)(W−(n−1)·g). Always true for a lone item (n = 0).
                    let include = targetSquared * sum * withItem <= includeLimit[n] ? 1 : 0
                    let k = n &+ include
                    let height = space[k] / (sum + a * Double(include))
                    rows.append(first: first, height: height > 0 ? height : target)
                    first &+= k
                    // Left out, the item opens the next row: alone, unless it is wider than the row.
                    sum = a * Double(1 &- include)
                    n = 1 &- include
                    if sum > fitsAlone {
                        let alone = space[1] / a
                        rows.append(first: first, height: alone > 0 ? alone : target)
                        first &+= 1
                        sum = 0
                        n = 0
                    }
                }
                rows.commit(to: &state, nextItem: first)
            }
            if n > 0 {
                // The section's (or library's) last row: target height, not stretched.
                before = first == sectionStart.item ? sectionStart : state.cursor
                state.appendRow(first: first, end: end, height: target)
                lastRowIsOpen = end == count
            } else {
                lastRowIsOpen = false
            }
        }
        state.finish(lastRowIsOpen: lastRowIsOpen, before: before)
    }

    /// Row output of the packing loop held in locals (registers), with the
    /// capacity already reserved; `PackState.appendRow` does the same, checked.
    struct RowSink {
        let firstItem: UnsafeMutablePointer<Int32>
        let top: UnsafeMutablePointer<Double>
        let height: UnsafeMutablePointer<Double>
        let spacing: Double
        var count: Int
        var y: Double
        var bottom: Double

        @inline(__always)
        init(_ state: GalleryLayout.PackState) {
            firstItem = state.rowFirstItem.base.unsafelyUnwrapped
            top = state.rowTop.base.unsafelyUnwrapped
            height = state.rowHeight.base.unsafelyUnwrapped
            spacing = state.spacing
            count = state.rowFirstItem.count
            y = state.cursor.y
            bottom = state.cursor.bottom
        }

        @inline(__always)
        mutating func append(first: Int, height h: Double) {
            firstItem[count] = Int32(truncatingIfNeeded: first)
            top[count] = y
            height[count] = h
            count &+= 1
            bottom = y + h
            y = bottom + spacing
        }

        @inline(__always)
        func commit(to state: inout GalleryLayout.PackState, nextItem: Int) {
            state.rowFirstItem.count = count
            state.rowTop.count = count
            state.rowHeight.count = count
            state.cursor.y = y
            state.cursor.bottom = bottom
            state.cursor.item = nextItem
        }
    }
}
