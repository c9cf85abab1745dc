/// The laid-out gallery: item frames, rows and section headers, built
/// incrementally as catalog pages arrive.
///
/// Storage is columnar (`Column`) rather than an array of `Rect`s: per item
/// only the input aspect (`Float`, 4 bytes); per row its first item, `Double`
/// top (content beyond 16 M px stays pixel-exact) and height. Justified x and
/// width are derived from the row on demand (see ``JustifiedLayout``), so
/// laying out touches each item once and writes ~4 bytes per item, not 12.
///
/// Rows are the unit of everything: virtualization binary-searches row tops,
/// and an append re-lays only from the last *open* row (the final row that was
/// not yet full), so appending a page costs O(page), and the result is
/// bit-identical to laying out everything at once.
public final class GalleryLayout {
    public private(set) var configuration: LayoutConfiguration

    // Input.
    var aspects = Column<Float>()
    var sectionStarts = Column<Int32>()

    // Output.
    var rowFirstItem = Column<Int32>()
    var rowTop = Column<Double>()
    var rowHeight = Column<Double>()
    var headerTop = Column<Double>()

    /// Where packing resumes on the next append: the state just before the open row.
    var resume = PackCursor(item: 0, y: 0, bottom: 0, section: 0)
    var stableRowCount = 0

    public private(set) var contentHeight: Double = 0
    /// First item whose frame changed in the last `append`/`reconfigure`; items
    /// before it kept their frames, so a client only needs to re-position from here.
    public private(set) var firstChangedItem: Int = 0

    /// Derived grid metrics (valid for `.grid`).
    public private(set) var grid = GridLayout.Metrics(columns: 1, tileWidth: 0, tileHeight: 0)
    /// Justified: the aspect clamp of the current configuration.
    var aspectClamp = JustifiedLayout.AspectClamp(minimum: 0.5, maximum: 3)

    /// Packing state shared by both styles.
    struct PackCursor {
        var item: Int
        /// Top of the next row or header.
        var y: Double
        /// Bottom of the last placed row or header.
        var bottom: Double
        /// Number of section headers placed.
        var section: Int
    }

    public init(configuration: LayoutConfiguration) {
        self.configuration = configuration.sanitized()
        applyConfiguration()
    }

    deinit {
        aspects.deallocate()
        sectionStarts.deallocate()
        rowFirstItem.deallocate()
        rowTop.deallocate()
        rowHeight.deallocate()
        headerTop.deallocate()
    }

    public var itemCount: Int { aspects.count }
    public var rowCount: Int { rowFirstItem.count }
    public var sectionCount: Int { headerTop.count }

    /// Pre-sizes storage for `itemCount` items (avoids regrowth for known totals).
    public func reserveCapacity(_ itemCount: Int) {
        aspects.reserve(itemCount)
    }

    /// Changes the configuration (e.g. new width on resize) and re-lays everything.
    public func reconfigure(_ configuration: LayoutConfiguration) {
        self.configuration = configuration.sanitized()
        applyConfiguration()
    }

    /// Drops all items (e.g. a new search), keeping capacity.
    public func removeAll() {
        aspects.count = 0
        sectionStarts.count = 0
        applyConfiguration()
    }

    /// Room for the next `count` aspect ratios, right after the stored ones.
    /// Fill it and pass it to `append(aspectRatios:sectionStarts:)` before any
    /// other call: the items then go in without a copy (the wasm input path).
    public func appendBuffer(count: Int) -> UnsafeMutablePointer<Float> {
        aspects.reserve(aspects.count + (count > 0 ? count : 1))
        return aspects.base.unsafelyUnwrapped + aspects.count
    }

    /// Appends items given their aspect ratios (width / height; invalid ones
    /// count as square). `sectionStarts` are absolute indices of items that
    /// begin a new section (must be increasing, within the appended range;
    /// invalid ones are ignored). Only the last open row and the new items are
    /// laid out.
    public func append(aspectRatios: UnsafeBufferPointer<Float>, sectionStarts starts: UnsafeBufferPointer<Int32>) {
        let oldCount = aspects.count
        let newCount = oldCount + aspectRatios.count
        aspects.reserve(newCount)
        if let src = aspectRatios.baseAddress, aspectRatios.count > 0 {
            let dst = aspects.base.unsafelyUnwrapped + oldCount
            if UnsafePointer(dst) != src { dst.update(from: src, count: aspectRatios.count) }
        }
        aspects.count = newCount
        for s in starts {
            let last = sectionStarts.count > 0 ? Int(sectionStarts[sectionStarts.count - 1]) : -1
            let v = Int(s)
            if v >= oldCount && v < newCount && v > last { sectionStarts.append(s) }
        }
        pack()
    }

    /// Convenience for Swift callers.
    public func append(aspectRatios: [Float], sectionStarts starts: [Int32] = []) {
        aspectRatios.withUnsafeBufferPointer { a in
            starts.withUnsafeBufferPointer { s in append(aspectRatios: a, sectionStarts: s) }
        }
    }

    func applyConfiguration() {
        grid = GridLayout.metrics(for: configuration)
        aspectClamp = JustifiedLayout.AspectClamp(configuration)
        resume = PackCursor(item: 0, y: configuration.insets.top, bottom: configuration.insets.top, section: 0)
        stableRowCount = 0
        pack()
    }

    /// Re-lays from the resume point to the end.
    ///
    /// The columns are moved into a local `PackState` for the duration: the hot
    /// loops then touch only a local struct, which the compiler checks for
    /// exclusive access statically, instead of class properties, which it would
    /// check at run time on every access (that alone made layout ~10× slower).
    func pack() {
        rowFirstItem.count = stableRowCount
        rowTop.count = stableRowCount
        rowHeight.count = stableRowCount
        headerTop.count = resume.section
        firstChangedItem = resume.item
        var state = PackState(
            rowFirstItem: rowFirstItem, rowTop: rowTop, rowHeight: rowHeight, headerTop: headerTop,
            sectionStarts: sectionStarts, itemCount: aspects.count, spacing: configuration.spacing,
            headerHeight: configuration.headerHeight, cursor: resume, resume: resume, stableRowCount: stableRowCount)
        switch configuration.style {
        case .grid:
            GridLayout.pack(&state, metrics: grid)
        case .justified:
            JustifiedLayout.pack(&state, configuration: configuration, aspects: aspects.base)
        }
        rowFirstItem = state.rowFirstItem
        rowTop = state.rowTop
        rowHeight = state.rowHeight
        headerTop = state.headerTop
        resume = state.resume
        stableRowCount = state.stableRowCount
        contentHeight = state.cursor.bottom + configuration.insets.bottom
    }

    /// Everything packing reads and writes, held locally while it runs.
    struct PackState {
        var rowFirstItem: Column<Int32>
        var rowTop: Column<Double>
        var rowHeight: Column<Double>
        var headerTop: Column<Double>
        let sectionStarts: Column<Int32>
        let itemCount: Int
        let spacing: Double
        let headerHeight: Double
        var cursor: PackCursor
        var resume: PackCursor
        var stableRowCount: Int

        mutating func reserveRows(_ n: Int) {
            rowFirstItem.reserve(n)
            rowTop.reserve(n)
            rowHeight.reserve(n)
        }

        /// Places the header of the section starting at `cursor.item`, if any, and
        /// returns the end of the current section.
        @inline(__always)
        mutating func placeHeaderIfNeeded() -> Int {
            if cursor.section < sectionStarts.count && Int(sectionStarts[cursor.section]) == cursor.item {
                headerTop.append(cursor.y)
                cursor.y += headerHeight
                cursor.bottom = cursor.y
                cursor.section += 1
            }
            return cursor.section < sectionStarts.count ? Int(sectionStarts[cursor.section]) : itemCount
        }

        /// Appends a row at the cursor and advances past it.
        @inline(__always)
        mutating func appendRow(first: Int, end: Int, height: Double) {
            if rowFirstItem.count == rowFirstItem.capacity { reserveRows(rowFirstItem.count + 1) }
            let r = rowFirstItem.count
            rowFirstItem.base.unsafelyUnwrapped[r] = Int32(truncatingIfNeeded: first)
            rowTop.base.unsafelyUnwrapped[r] = cursor.y
            rowHeight.base.unsafelyUnwrapped[r] = height
            rowFirstItem.count = r + 1
            rowTop.count = r + 1
            rowHeight.count = r + 1
            cursor.bottom = cursor.y + height
            cursor.y = cursor.bottom + spacing
            cursor.item = end
        }

        /// Decides where the next append resumes. The last row is *open* when it
        /// ended because the input ended (not because it was full or its section
        /// ended): the next append may add to it, so packing resumes before it
        /// (`before` is the cursor just before that row and its header).
        mutating func finish(lastRowIsOpen: Bool, before: PackCursor) {
            if lastRowIsOpen {
                resume = before
                stableRowCount = rowFirstItem.count - 1
            } else {
                resume = cursor
                stableRowCount = rowFirstItem.count
            }
        }
    }

    // MARK: Queries

    /// Frame of item `index` in content coordinates.
    public func frame(ofItem index: Int) -> Rect {
        let r = row(ofItem: index)
        let (x, w) = horizontalExtent(ofItem: index, row: r)
        return Rect(x: x, y: rowTop[r], width: w, height: rowHeight[r])
    }

    /// x and width of item `index` in row `r`: O(1) for the grid, O(items
    /// before it in the row) for justified rows.
    func horizontalExtent(ofItem index: Int, row r: Int) -> (Double, Double) {
        var walk = RowWalk(self, row: r)
        walk.skip(to: index)
        return walk.next()
    }

    /// Walks the items of one row left to right, yielding x and width. For
    /// justified rows x accumulates the clamped aspects exactly as packing summed
    /// them, so frames match whichever way they are asked for.
    struct RowWalk {
        let aspects: UnsafeMutablePointer<Float>?
        let clamp: JustifiedLayout.AspectClamp
        let isGrid: Bool
        let left: Double
        let gap: Double
        let height: Double
        let tileWidth: Double
        let firstItem: Int
        var item: Int
        var aspectSum = 0.0

        init(_ layout: GalleryLayout, row r: Int) {
            aspects = layout.aspects.base
            clamp = layout.aspectClamp
            isGrid = layout.configuration.style == .grid
            left = layout.configuration.insets.left
            gap = layout.configuration.spacing
            height = layout.rowHeight[r]
            tileWidth = layout.grid.tileWidth
            firstItem = Int(layout.rowFirstItem[r])
            item = firstItem
        }

        /// Advances to `index` (in this row, not before the current item).
        mutating func skip(to index: Int) {
            if isGrid {
                item = index
                return
            }
            let a = aspects.unsafelyUnwrapped
            while item < index {
                aspectSum += clamp(a[item])
                item += 1
            }
        }

        /// x and width of the current item; moves to the next.
        mutating func next() -> (Double, Double) {
            let column = Double(item - firstItem)
            if isGrid {
                item += 1
                return (left + column * (tileWidth + gap), tileWidth)
            }
            let a = clamp(aspects.unsafelyUnwrapped[item])
            let x = left + aspectSum * height + column * gap
            aspectSum += a
            item += 1
            return (x, a * height)
        }
    }

    /// The row containing item `index` (binary search, O(log rows)).
    public func row(ofItem index: Int) -> Int {
        var lo = 0
        var hi = rowFirstItem.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if Int(rowFirstItem[mid]) <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Items of row `r`.
    public func items(inRow r: Int) -> Range<Int> {
        let start = Int(rowFirstItem[r])
        let end = r + 1 < rowFirstItem.count ? Int(rowFirstItem[r + 1]) : aspects.count
        return start..<end
    }

    /// Top and height of row `r`.
    public func rowExtent(_ r: Int) -> (top: Double, height: Double) { (rowTop[r], rowHeight[r]) }

    /// Index of the first item of section `s`.
    public func sectionStart(_ s: Int) -> Int { Int(sectionStarts[s]) }

    /// Frame of the header of section `s` (full content width).
    public func headerFrame(ofSection s: Int) -> Rect {
        Rect(
            x: configuration.insets.left, y: headerTop[s], width: configuration.contentWidth,
            height: configuration.headerHeight)
    }

    /// First row whose bottom edge is below `y` (rows are sorted and disjoint,
    /// so bottoms are sorted too).
    @inline(__always)
    func firstRow(endingAfter y: Double) -> Int {
        var lo = 0
        var hi = rowTop.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if rowTop[mid] + rowHeight[mid] > y { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// First row whose top edge is at or below `y`.
    @inline(__always)
    func firstRow(startingAtOrAfter y: Double) -> Int {
        var lo = 0
        var hi = rowTop.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if rowTop[mid] >= y { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Item index where row `r` starts (`itemCount` past the last row).
    @inline(__always)
    func itemStart(ofRow r: Int) -> Int { r < rowFirstItem.count ? Int(rowFirstItem[r]) : aspects.count }

    /// Items whose rows intersect the vertical band `top..<bottom`; O(log rows).
    /// An empty result is positioned where such items would be.
    public func items(intersectingTop top: Double, bottom: Double) -> Range<Int> {
        let first = firstRow(endingAfter: top)
        let end = firstRow(startingAtOrAfter: bottom)
        let start = itemStart(ofRow: first)
        if end <= first { return start..<start }
        return start..<itemStart(ofRow: end)
    }

    /// Sections whose headers intersect `top..<bottom`; O(log sections).
    public func sections(intersectingTop top: Double, bottom: Double) -> Range<Int> {
        let h = configuration.headerHeight
        var lo = 0
        var hi = headerTop.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if headerTop[mid] + h > top { hi = mid } else { lo = mid + 1 }
        }
        let first = lo
        hi = headerTop.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if headerTop[mid] >= bottom { hi = mid } else { lo = mid + 1 }
        }
        return first..<(lo > first ? lo : first)
    }

    /// The item under a content-space point, or nil (gaps, headers, insets).
    public func item(at point: Point) -> Int? {
        let r = firstRow(endingAfter: point.y)
        guard r < rowTop.count, point.y >= rowTop[r] else { return nil }
        var walk = RowWalk(self, row: r)
        for i in items(inRow: r) {
            let (x, w) = walk.next()
            if point.x >= x && point.x < x + w { return i }
            if point.x < x { return nil }
        }
        return nil
    }

    /// Writes `x, y − originY, width, height` as `Float`s for each item in
    /// `range` (4 floats per item). Subtracting `originY` (normally the content
    /// offset at the top of the viewport) before narrowing to `Float` keeps
    /// positions exact even 400 M px down a huge library.
    public func writeFrames(of range: Range<Int>, originY: Double, into out: UnsafeMutablePointer<Float>) {
        guard !range.isEmpty, rowFirstItem.count > 0 else { return }
        var r = row(ofItem: range.lowerBound)
        var rowEnd = itemStart(ofRow: r + 1)
        var walk = RowWalk(self, row: r)
        walk.skip(to: range.lowerBound)
        var o = 0
        for i in range {
            while i >= rowEnd {
                r += 1
                rowEnd = itemStart(ofRow: r + 1)
                walk = RowWalk(self, row: r)
            }
            let (x, w) = walk.next()
            out[o] = Float(x)
            out[o + 1] = Float(rowTop[r] - originY)
            out[o + 2] = Float(w)
            out[o + 3] = Float(rowHeight[r])
            o += 4
        }
    }
}
