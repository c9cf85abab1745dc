/// Rows of equal tiles: how the timeline places photos whose geometry does not
/// depend on their aspects (the 4:3 grid, exactly) or is not known yet
/// (justified rows before a page arrives, as an estimate).
///
/// For justified rows the estimate follows from the average aspect ratio `a`:
/// a greedy row ends as near the width `W` as it can, so it holds on average
/// `k = (W + s) / (a·T + s)` photos at the target height `T`, and each photo
/// takes `(T + s) / k` of the height. The estimate places them as a grid of
/// `k` rounded (at least one) photos per row, rows as tall as that many photos'
/// share: whole photos per row keep the estimated height, the placeholder frames
/// and the photo under a point consistent with each other.
struct EstimatedRows: Equatable {
    let columns: Int
    let tileWidth: Double
    let rowHeight: Double
    let spacing: Double
    let left: Double

    /// Distance from one row's top to the next.
    var pitch: Double { rowHeight + spacing }

    init(columns: Int, tileWidth: Double, rowHeight: Double, spacing: Double, left: Double) {
        self.columns = columns > 0 ? columns : 1
        self.tileWidth = tileWidth > 0 ? tileWidth : 0
        self.rowHeight = rowHeight > 0 ? rowHeight : 0
        self.spacing = spacing > 0 ? spacing : 0
        self.left = left
    }

    init(_ c: TimelineConfiguration) {
        let l = c.layout
        switch l.style {
        case .grid:
            let g = GridLayout.metrics(for: l)
            self.init(
                columns: g.columns, tileWidth: g.tileWidth, rowHeight: g.tileHeight, spacing: l.spacing,
                left: l.insets.left)
        case .justified:
            let clamp = JustifiedLayout.AspectClamp(l)
            let aspect = clamp(Float(c.averageAspectRatio))
            // Greedy rows end as near the width as they can, so on average a row holds
            // `fit` photos at the target height (each with its gap), and each photo takes
            // `(target + spacing) / fit` of the height.
            let fit = (l.contentWidth + l.spacing) / (l.targetRowHeight * aspect + l.spacing)
            var columns = EngineMath.floorNonNegative(fit + 0.5)
            if columns < 1 { columns = 1 }
            let width = (l.contentWidth - Double(columns - 1) * l.spacing) / Double(columns)
            // Whole photos per row, with the row's height set so the pitch per photo matches.
            let pitch = fit > 0 ? Double(columns) * (l.targetRowHeight + l.spacing) / fit : l.targetRowHeight
            self.init(
                columns: columns, tileWidth: width, rowHeight: pitch - l.spacing, spacing: l.spacing,
                left: l.insets.left)
        }
    }

    /// Rows that `count` items fill.
    func rows(_ count: Int) -> Int {
        count > 0 ? count / columns + (count % columns == 0 ? 0 : 1) : 0
    }

    /// Height of `count` items, from the first row's top to the last row's bottom.
    func height(_ count: Int) -> Double {
        let r = rows(count)
        return r > 0 ? Double(r) * rowHeight + Double(r - 1) * spacing : 0
    }

    /// Top of item `index`'s row, from the first row's top.
    func top(ofItem index: Int) -> Double {
        index > 0 ? Double(index / columns) * pitch : 0
    }

    /// Frame of item `index` whose first row starts at `top`.
    func frame(ofItem index: Int, top: Double) -> Rect {
        let i = index > 0 ? index : 0
        let column = Double(i % columns)
        return Rect(
            x: left + column * (tileWidth + spacing), y: top + self.top(ofItem: i), width: tileWidth,
            height: rowHeight)
    }

    /// First of `count` items whose row ends below `y` (from the first row's
    /// top); `count` when none does.
    func firstItem(endingAfter y: Double, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let rows = rows(count)
        var row = 0
        if pitch > 0 {
            if y >= rowHeight { row = EngineMath.floorNonNegative((y - rowHeight) / pitch) + 1 }
        } else if y >= 0 {
            row = rows
        }
        return row < rows ? row * columns : count
    }

    /// First of `count` items whose row starts at or below `y`; `count` when none does.
    func firstItem(startingAtOrAfter y: Double, count: Int) -> Int {
        guard count > 0 else { return 0 }
        guard y > 0 else { return 0 }
        let rows = rows(count)
        var row = rows
        if pitch > 0 {
            let q = y / pitch
            row = EngineMath.floorNonNegative(q)
            if Double(row) < q { row += 1 }
        }
        return row < rows ? row * columns : count
    }
}
