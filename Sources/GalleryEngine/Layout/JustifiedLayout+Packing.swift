extension JustifiedLayout {
    /// Items converted to units per pass: the units (4 KB) and the rows they close
    /// stay in the L1 cache from the conversion through the row breaking to the
    /// placing. The 10 M layout in wasm (Node 20, best of 5) took 20.2–20.3 ms at
    /// 512 items, 20.2–20.4 at 1 024, 20.9–21.1 at 2 048 and 21.8–22.4 at 4 096.
    static let chunkLength = 512

    /// Lays out the items from `state.cursor` on, a chunk at a time, in three
    /// passes per chunk: convert to units (SIMD), break rows (one branch-free
    /// loop), then place the rows (heights and tops).
    static func pack(
        _ state: inout GalleryLayout.PackState, configuration c: LayoutConfiguration,
        aspects: UnsafeMutablePointer<Float>?
    ) {
        let count = state.itemCount
        guard state.cursor.item < count, let input = aspects else { return }
        let clamp = AspectClamp(c)
        let units = Units(c, clamp: clamp)
        let breaker = RowBreaker(limit: units.rowLimit)
        let rowSpace = RowSpace(c)
        let scratch = UnsafeMutablePointer<Int64>.allocate(capacity: chunkLength)
        defer { scratch.deallocate() }

        var before = state.cursor
        var lastRowIsOpen = false
        while state.cursor.item < count {
            let sectionStart = state.cursor
            let end = state.placeHeaderIfNeeded()
            var first = state.cursor.item
            var open = RowBreaker.OpenRow(first: first, units: 0)
            var i = first
            while i < end {
                let n = end - i < chunkLength ? end - i : chunkLength
                units.convert(input + i, count: n, clamp: clamp, into: scratch)
                // Room for a row per item, plus the slot after the last, so the loop stores unchecked.
                state.reserveRows(state.rowFirstItem.count + n + 2)
                let closed = state.rowFirstItem.count
                let rows = breaker.breakRows(
                    scratch, count: n, firstItem: i, open: &open,
                    rowFirstItem: state.rowFirstItem.base.unsafelyUnwrapped,
                    rowUnits: UnsafeMutableRawPointer(state.rowHeight.base.unsafelyUnwrapped), rowCount: closed)
                rowSpace.place(rows: closed..<rows, of: &state, units: units)
                i += n
                first = open.first
                state.cursor.item = first
            }
            if open.units > 0 {
                // The section's (or library's) last row: target height, not stretched, but
                // never wider than the container (a lone item wider than it, in a container
                // narrower than the minimum aspect, shrinks to fit).
                before = first == sectionStart.item ? sectionStart : state.cursor
                let fitted = rowSpace.height(
                    items: UInt32(truncatingIfNeeded: end - first), units: open.units, in: units)
                let height = fitted < c.targetRowHeight ? fitted : c.targetRowHeight
                state.appendRow(first: first, end: end, height: height)
                lastRowIsOpen = end == count
            } else {
                lastRowIsOpen = false
            }
        }
        state.finish(lastRowIsOpen: lastRowIsOpen, before: before)
    }

    /// Finds where rows break, given items in units.
    ///
    /// It has no data-dependent branch: a branch on "does the item fit" would
    /// mispredict at the end of nearly every row, which cost more than the
    /// rest of the loop. Each item computes its decisions as sign masks
    /// (−1 or 0) and stores the row that *would* close at the slot the row count
    /// points to; the count moves on only when the row does close.
    struct RowBreaker {
        let limit: Int64
        let twiceLimit: Int64

        init(limit: Int64) {
            self.limit = limit
            twiceLimit = limit &* 2
        }

        /// The row being filled when a chunk ends.
        struct OpenRow {
            var first: Int
            var units: Int64
        }

        /// Breaks the rows of `count` items (the first is item `firstItem`),
        /// continuing `open`. Each closed row gets its first item and its units
        /// (stored as `Int64` in the height column until `RowSpace` replaces them
        /// by heights); returns the new row count.
        @_optimize(speed)
        func breakRows(
            _ items: UnsafePointer<Int64>, count: Int, firstItem: Int, open: inout OpenRow,
            rowFirstItem: UnsafeMutablePointer<Int32>, rowUnits: UnsafeMutableRawPointer, rowCount: Int
        ) -> Int {
            var rows = rowCount
            var sum = open.units
            rowFirstItem[rows] = Int32(truncatingIfNeeded: open.first)
            // The item after each one, as stored (a row that closes before the item starts at it).
            let after = Int32(truncatingIfNeeded: firstItem &+ 1)
            @inline(__always)
            func take(_ k: Int) {
                let a = items[k]
                let with = sum &+ a
                // −1 when the item fits the row (sum + a ≤ limit); otherwise it closes it.
                let fits = (sum &- (limit &- a &+ 1)) &>> 63
                // −1 when it stays out of the row it closes: the row with it would overshoot
                // the width by more than the row without it falls short (sum + a − limit >
                // limit − sum). Only an item that doesn't fit can stay out.
                let staysOut = (((twiceLimit &- a) &>> 1) &- sum) &>> 63
                let leftOver = a & staysOut
                rowFirstItem[rows &+ 1] = after &+ Int32(truncatingIfNeeded: k) &+ Int32(truncatingIfNeeded: staysOut)
                rowUnits.storeBytes(of: with &- leftOver, toByteOffset: rows &* 8, as: Int64.self)
                rows &+= 1 &+ Int(truncatingIfNeeded: fits)
                // The row goes on with the item, or the next one starts with what stayed out.
                sum = (with & fits) | leftOver
            }
            // Four items per turn: the loop's own count, compare and branch run once for four items.
            let unrolled = count & ~3
            var k = 0
            while k < unrolled {
                take(k)
                take(k &+ 1)
                take(k &+ 2)
                take(k &+ 3)
                k &+= 4
            }
            while k < count {
                take(k)
                k &+= 1
            }
            open = OpenRow(first: Int(rowFirstItem[rows]), units: sum)
            return rows
        }
    }

    /// Turns the rows the breaker found (first item, units) into heights and
    /// tops: each full row is scaled to fill the width exactly.
    struct RowSpace {
        let width: Double
        let gap: Double
        let target: Double

        init(_ c: LayoutConfiguration) {
            width = c.contentWidth
            gap = c.spacing
            target = c.targetRowHeight
        }

        /// The height at which `items` items whose units add up to `total` fill the width.
        /// (Counts are `UInt32`: in the wasm build, widening `Int` went through a call per row.)
        @inline(__always)
        func height(items: UInt32, units total: Int64, in units: Units) -> Double {
            let space = width - Units.double(Int64(items &- 1)) * gap
            let h = space / units.aspectSum(total: total, count: items)
            return h > 0 ? h : target
        }

        @_optimize(speed)
        func place(rows: Range<Int>, of state: inout GalleryLayout.PackState, units: Units) {
            let firstItem = state.rowFirstItem.base.unsafelyUnwrapped
            let top = state.rowTop.base.unsafelyUnwrapped
            let heights = state.rowHeight.base.unsafelyUnwrapped
            let rowUnits = UnsafeMutableRawPointer(heights)
            // One add per row on the chain through `y` (the step is summed off it).
            var y = state.cursor.y
            var bottom = state.cursor.bottom
            for r in rows {
                let items = UInt32(bitPattern: firstItem[r &+ 1] &- firstItem[r])
                let rowHeight = height(
                    items: items, units: rowUnits.load(fromByteOffset: r &* 8, as: Int64.self), in: units)
                heights[r] = rowHeight
                top[r] = y
                bottom = y + rowHeight
                y += rowHeight + gap
            }
            state.rowFirstItem.count = rows.upperBound
            state.rowTop.count = rows.upperBound
            state.rowHeight.count = rows.upperBound
            state.cursor.y = y
            state.cursor.bottom = bottom
        }
    }
}
