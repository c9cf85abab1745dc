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
///   sane box; the image is cover-cropped inside it.
/// - Items are added while the row, at the target height, fits the width. The
///   item that overflows is included if that leaves the row height closer (in
///   ratio) to the target than leaving it out.
/// - Full rows are scaled to fill the width exactly. The last row (of the
///   library or of a section) keeps the target height, left-aligned: never
///   stretched.
public enum JustifiedLayout {
    /// The aspect ratio used for packing item `raw`: clamped to the limits.
    /// (Invalid ratios were already replaced by 1 when appended.)
    @inline(__always)
    public static func effectiveAspect(_ raw: Float, minimum: Double, maximum: Double) -> Double {
        let a = Double(raw)
        let low = a > minimum ? a : minimum
        return low < maximum ? low : maximum
    }

    /// Upper clamp actually used: a single item at the target height must fit the width.
    public static func maximumAspect(for c: LayoutConfiguration) -> Double {
        let fit = c.contentWidth / c.targetRowHeight
        let m = c.maximumAspectRatio < fit ? c.maximumAspectRatio : fit
        return m > c.minimumAspectRatio ? m : c.minimumAspectRatio
    }
}

extension JustifiedLayout {
    /// The packing loop, written for speed (it lays out 10 M items per call in
    /// the benchmark): pass 1 walks the row keeping only the running aspect sum
    /// on the dependency chain and records each item's prefix sum; pass 2
    /// computes every x from its prefix independently (no running-x chain).
    static func pack(
        _ state: inout GalleryLayout.PackState, configuration c: LayoutConfiguration,
        aspects: UnsafeMutablePointer<Float>?, x xs: UnsafeMutablePointer<Float>?,
        width ws: UnsafeMutablePointer<Float>?
    ) {
        let count = state.itemCount
        guard state.cursor.item < count, let input = aspects, let xs, let ws else { return }
        let width = c.contentWidth
        let target = c.targetRowHeight
        let invTarget = 1 / target
        let gap = c.spacing
        let left = c.insets.left
        let minA = c.minimumAspectRatio
        let maxA = maximumAspect(for: c)
        state.reserveRows(state.rowFirstItem.count + (count - state.cursor.item) / 3 + 1)
        // Prefix sums of the current row. A row can't hold more items than fit at
        // the minimum aspect (+2 for the overflow item and rounding).
        let maxPerRow = EngineMath.floorNonNegative(width / (minA * target)) + 2
        let prefix = UnsafeMutablePointer<Double>.allocate(capacity: maxPerRow + 1)
        defer { prefix.deallocate() }

        var before = state.cursor
        var lastRowIsOpen = false
        while state.cursor.item < count {
            before = state.cursor
            let sectionEnd = state.placeHeaderIfNeeded()
            let first = state.cursor.item
            var j = first
            var sum = 0.0
            var full = false
            while j < sectionEnd {
                let a = effectiveAspect(input[j], minimum: minA, maximum: maxA)
                let n = j - first  // items already in the row
                // Fits at the target height: (sum + a)·T + n·gap ≤ W.
                if sum + a <= (width - Double(n) * gap) * invTarget {
                    prefix[n] = sum
                    sum += a
                    j += 1
                    continue
                }
                // Item j overflows the row at the target height.
                full = true
                if n == 0 {
                    prefix[0] = 0
                    sum = a  // a lone item wider than the container: shrink it to fit
                    j += 1
                    break
                }
                // Include it if that leaves the row height closer (in ratio) to the
                // target: T/h_with ≤ h_without/T, i.e. T²·sum·(sum+a) ≤ (W−n·g)(W−(n−1)·g).
                // Written without division and as a select: this is a coin flip per
                // row, and a mispredicted branch costs more than the arithmetic.
                let space = width - Double(n) * gap
                let spaceWith = space > 0 ? space : 0
                let include = target * target * sum * (sum + a) <= spaceWith * (spaceWith + gap)
                prefix[n] = sum
                sum = include ? sum + a : sum
                j = include ? j + 1 : j
                break
            }
            var height = target
            if full {
                height = (width - Double(j - first - 1) * gap) / sum
                if !(height > 0) { height = target }
            }
            var i = 0
            for k in first..<j {
                let a = effectiveAspect(input[k], minimum: minA, maximum: maxA)
                xs[k] = Float(left + prefix[i] * height + Double(i) * gap)
                ws[k] = Float(a * height)
                i += 1
            }
            state.appendRow(first: first, end: j, height: height)
            lastRowIsOpen = !full && j == count
        }
        state.finish(lastRowIsOpen: lastRowIsOpen, before: before)
    }
}
