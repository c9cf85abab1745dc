/// The laid-out gallery: item frames, rows and section headers, built
/// incrementally as catalog pages arrive.
///
/// Storage is columnar (`Column`) rather than an array of `Rect`s: 10 M items
/// cost 12 bytes each (input aspect + x + width as `Float`) instead of 32, rows
/// keep `Double` tops so content beyond 16 M px stays pixel-exact, and the
/// JavaScript side can read any of it through typed-array views without copies.
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

    // Output. `itemX`/`itemWidth` are used by the justified style only; the grid
    // derives them from the column index.
    var itemX = Column<Float>()
    var itemWidth = Column<Float>()
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
        itemX.deallocate()
        itemWidth.deallocate()
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
        if configuration.style == .justified {
            itemX.reserve(itemCount)
            itemWidth.reserve(itemCount)
        }
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

    /// Appends items given their aspect ratios (width / height). `sectionStarts`
    /// are absolute indices of items that begin a new section (must be increasing,
    /// within the appended range; invalid ones are ignored). Only the last open
    /// row and the new items are laid out.
    public func append(aspectRatios: UnsafeBufferPointer<Float>, sectionStarts starts: UnsafeBufferPointer<Int32>) {
        let oldCount = aspects.count
        let newCount = oldCount + aspectRatios.count
        aspects.reserve(newCount)
        if let src = aspectRatios.baseAddress, aspectRatios.count > 0 {
            // Invalid ratios (NaN, ≤ 0, ∞) become square here, once, so packing needs no checks.
            let dst = aspects.base.unsafelyUnwrapped + oldCount
            for i in 0..<aspectRatios.count {
                let a = src[i]
                dst[i] = a > 0 && a < .infinity ? a : 1
            }
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
        resume = PackCursor(item: 0, y: configuration.insets.top, bottom: configuration.insets.top, section: 0)
        stableRowCount = 0
        if configuration.style == .grid {
            itemX.count = 0
            itemWidth.count = 0
        }
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
            itemX.resize(aspects.count)
            itemWidth.resize(aspects.count)
            JustifiedLayout.pack(
                &state, configuration: configuration, aspects: aspects.base, x: itemX.base, width: itemWidth.base)
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

    @inline(__always)
    func horizontalExtent(ofItem index: Int, row r: Int) -> (Double, Double) {
        if configuration.style == .grid {
            let column = index - Int(rowFirstItem[r])
            return (
                configuration.insets.left + Double(column) * (grid.tileWidth + configuration.spacing), grid.tileWidth
            )
        }
        return (Double(itemX[index]), Double(itemWidth[index]))
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
        for i in items(inRow: r) {
            let (x, w) = horizontalExtent(ofItem: i, row: r)
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
        var o = 0
        for i in range {
            while i >= rowEnd {
                r += 1
                rowEnd = itemStart(ofRow: r + 1)
            }
            let (x, w) = horizontalExtent(ofItem: i, row: r)
            out[o] = Float(x)
            out[o + 1] = Float(rowTop[r] - originY)
            out[o + 2] = Float(w)
            out[o + 3] = Float(rowHeight[r])
            o += 4
        }
    }
}
