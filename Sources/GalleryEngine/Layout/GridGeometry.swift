/// The gallery screen's geometry, defined once: the web client lays its timeline out with it (through
/// `ge_grid_geometry`), and the server renders the first screen's tiles and their CSS from the same values
/// (`FirstScreen`), so the tiles painted before any script runs are where the engine then puts them.
public struct GridGeometry: Equatable, Sendable {
    /// Narrower than this (CSS px) is a phone: smaller tiles, closer together, edge to edge.
    public static let phoneWidth: Double = 600
    /// The fixed top bar (title row and tag bar) over the grid.
    public static let topBar: Double = 96
    /// Room below the last row, clear of the floating controls.
    public static let bottomInset: Double = 64
    /// A month's heading, and what a year adds above the month that opens it.
    public static let monthHeader: Double = 36
    public static let yearHeader: Double = 36
    /// The 4:3 grid's tiles.
    public static let tileAspectRatio: Double = 4.0 / 3.0
    /// What a photo whose size is not loaded yet is laid out as.
    public static let averageAspectRatio: Double = 1.5

    /// Gap between tiles, both ways.
    public var spacing: Double
    /// Left and right inset of the grid.
    public var sideInset: Double
    /// The narrowest a grid tile may be: the column count is the most that fit.
    public var minimumTileWidth: Double
    /// The height justified rows aim for.
    public var targetRowHeight: Double

    /// The geometry at a viewport `width`.
    public init(width: Double) {
        self = width < Self.phoneWidth ? .phone : .wide
    }

    private init(spacing: Double, sideInset: Double, minimumTileWidth: Double, targetRowHeight: Double) {
        self.spacing = spacing
        self.sideInset = sideInset
        self.minimumTileWidth = minimumTileWidth
        self.targetRowHeight = targetRowHeight
    }

    public static let phone = GridGeometry(spacing: 2, sideInset: 0, minimumTileWidth: 96, targetRowHeight: 130)
    public static let wide = GridGeometry(spacing: 4, sideInset: 4, minimumTileWidth: 200, targetRowHeight: 220)

    /// The layout of `style` at `width` with this geometry.
    public func configuration(style: LayoutConfiguration.Style, width: Double) -> LayoutConfiguration {
        LayoutConfiguration(
            style: style, width: width, spacing: spacing,
            insets: EdgeInsets(top: Self.topBar, left: sideInset, bottom: Self.bottomInset, right: sideInset),
            headerHeight: Self.monthHeader, minimumTileWidth: minimumTileWidth,
            tileAspectRatio: Self.tileAspectRatio, targetRowHeight: targetRowHeight)
    }

    /// The timeline of `style` at `width`: the layout, with a year's heading above the month that opens it.
    public func timeline(style: LayoutConfiguration.Style, width: Double) -> TimelineConfiguration {
        TimelineConfiguration(
            layout: configuration(style: style, width: width), averageAspectRatio: Self.averageAspectRatio,
            yearHeaderHeight: Self.yearHeader)
    }

    /// The widest a grid tile gets in `columns` columns (at least 1): just below the width where one more
    /// column fits, the columns share the most room. What a first-screen image's `sizes` bounds.
    public func widestTile(columns: Int) -> Double {
        let n = Double(max(1, columns))
        return (widthFitting(columns: columns + 1) - 2 * sideInset - (n - 1) * spacing) / n
    }

    /// The narrowest viewport that fits `columns` columns (at least 1): that many minimum tiles, the gaps
    /// between them, and the insets.
    public func widthFitting(columns: Int) -> Double {
        let n = Double(max(1, columns))
        return n * minimumTileWidth + (n - 1) * spacing + 2 * sideInset
    }
}
