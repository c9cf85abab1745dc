/// Uniform grid of cropped tiles (4:3 like the seeds, or square).
///
/// The column count is derived from the width and a minimum tile width so the
/// grid reflows like Apple Photos when the window is resized: as many columns
/// as fit, tiles stretched to share the remainder.
public enum GridLayout {
    public struct Metrics: Equatable, Sendable {
        public var columns: Int
        public var tileWidth: Double
        public var tileHeight: Double
    }

    /// Columns = ⌊(W + s) / (minTile + s)⌋ (at least 1, at most `maximumColumns`),
    /// then tiles share the width exactly: `(W − (c−1)s) / c`.
    public static func metrics(for c: LayoutConfiguration) -> Metrics {
        let w = c.contentWidth
        var columns = EngineMath.floorNonNegative((w + c.spacing) / (c.minimumTileWidth + c.spacing))
        if columns < 1 { columns = 1 }
        if c.maximumColumns > 0 && columns > c.maximumColumns { columns = c.maximumColumns }
        var tile = (w - Double(columns - 1) * c.spacing) / Double(columns)
        if !(tile > 0) { tile = 0 }
        return Metrics(columns: columns, tileWidth: tile, tileHeight: tile / c.tileAspectRatio)
    }
}

extension GridLayout {
    /// Grid packing: one row per `columns` items, broken early at section ends.
    static func pack(_ state: inout GalleryLayout.PackState, metrics: Metrics) {
        let columns = metrics.columns
        let height = metrics.tileHeight
        let count = state.itemCount
        state.reserveRows(state.rowFirstItem.count + (count - state.cursor.item) / columns + 1)
        var before = state.cursor
        var lastRowIsOpen = false
        while state.cursor.item < count {
            before = state.cursor
            let sectionEnd = state.placeHeaderIfNeeded()
            let first = state.cursor.item
            let end = first + columns < sectionEnd ? first + columns : sectionEnd
            state.appendRow(first: first, end: end, height: height)
            lastRowIsOpen = end - first < columns && end == count
        }
        state.finish(lastRowIsOpen: lastRowIsOpen, before: before)
    }
}
