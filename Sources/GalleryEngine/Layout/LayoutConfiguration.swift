/// How a ``GalleryLayout`` arranges items and the numbers it needs to do so.
///
/// One value type for both styles (rather than a protocol per style) because
/// the wasm boundary passes plain numbers and Embedded Swift has no
/// existentials; switching style keeps the same item data and re-lays it.
public struct LayoutConfiguration: Equatable, Sendable {
    /// The arrangement algorithm.
    public enum Style: Int32, Equatable, Sendable {
        /// Uniform cropped tiles (4:3 or square) in as many columns as fit.
        case grid = 0
        /// Rows of photos at their own aspect ratio, scaled so each row fills the width.
        case justified = 1
    }

    public var style: Style
    /// Container width in CSS px (including insets).
    public var width: Double
    /// Gap between tiles, horizontally and vertically.
    public var spacing: Double
    public var insets: EdgeInsets
    /// Height of a section header (e.g. a month title); 0 hides headers.
    public var headerHeight: Double

    /// Grid: the narrowest a tile may be; the column count is the most that fit.
    public var minimumTileWidth: Double
    /// Grid: tile width / height (4:3 = 1.333…, square = 1).
    public var tileAspectRatio: Double
    /// Grid: upper bound on columns (0 = unbounded).
    public var maximumColumns: Int

    /// Justified: the height rows aim for before being scaled to fill the width.
    public var targetRowHeight: Double
    /// Justified: tall photos (e.g. 1:10) pack as if they were this aspect and are cropped in their box.
    public var minimumAspectRatio: Double
    /// Justified: panoramas (e.g. 10:1) pack as if they were this aspect and are cropped in their box.
    public var maximumAspectRatio: Double

    /// The engine's defaults: what `init` takes for a number left out, and what `sanitized()` puts in place
    /// of one that is not finite. A page leaves a number out as NaN through the wasm boundary, so these are
    /// the only defaults there are.
    public enum Default {
        public static let spacing: Double = 2
        public static let minimumTileWidth: Double = 100
        public static let tileAspectRatio: Double = 4.0 / 3.0
        public static let targetRowHeight: Double = 180
        public static let minimumAspectRatio: Double = 0.5
        public static let maximumAspectRatio: Double = 3
    }

    public init(
        style: Style, width: Double, spacing: Double = Default.spacing, insets: EdgeInsets = .zero,
        headerHeight: Double = 0, minimumTileWidth: Double = Default.minimumTileWidth,
        tileAspectRatio: Double = Default.tileAspectRatio, maximumColumns: Int = 0,
        targetRowHeight: Double = Default.targetRowHeight, minimumAspectRatio: Double = Default.minimumAspectRatio,
        maximumAspectRatio: Double = Default.maximumAspectRatio
    ) {
        self.style = style
        self.width = width
        self.spacing = spacing
        self.insets = insets
        self.headerHeight = headerHeight
        self.minimumTileWidth = minimumTileWidth
        self.tileAspectRatio = tileAspectRatio
        self.maximumColumns = maximumColumns
        self.targetRowHeight = targetRowHeight
        self.minimumAspectRatio = minimumAspectRatio
        self.maximumAspectRatio = maximumAspectRatio
    }

    /// A uniform grid of cropped tiles.
    public static func grid(
        width: Double, minimumTileWidth: Double = Default.minimumTileWidth,
        tileAspectRatio: Double = Default.tileAspectRatio, spacing: Double = Default.spacing,
        insets: EdgeInsets = .zero, headerHeight: Double = 0
    ) -> LayoutConfiguration {
        LayoutConfiguration(
            style: .grid, width: width, spacing: spacing, insets: insets, headerHeight: headerHeight,
            minimumTileWidth: minimumTileWidth, tileAspectRatio: tileAspectRatio)
    }

    /// Justified rows.
    public static func justified(
        width: Double, targetRowHeight: Double = Default.targetRowHeight, spacing: Double = Default.spacing,
        insets: EdgeInsets = .zero, headerHeight: Double = 0, minimumAspectRatio: Double = Default.minimumAspectRatio,
        maximumAspectRatio: Double = Default.maximumAspectRatio
    ) -> LayoutConfiguration {
        LayoutConfiguration(
            style: .justified, width: width, spacing: spacing, insets: insets, headerHeight: headerHeight,
            targetRowHeight: targetRowHeight, minimumAspectRatio: minimumAspectRatio,
            maximumAspectRatio: maximumAspectRatio)
    }

    /// Width available to tiles (never negative).
    public var contentWidth: Double {
        let w = width - insets.left - insets.right
        return w > 0 ? w : 0
    }

    /// Replaces out-of-range numbers with safe ones so layout never divides by
    /// zero or loops forever on bad input from the page: a number that is not
    /// finite (NaN is one the page left out) takes its default.
    func sanitized() -> LayoutConfiguration {
        var c = self
        func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        c.width = max(0, finite(c.width, 0))
        c.spacing = max(0, finite(c.spacing, Default.spacing))
        c.headerHeight = max(0, finite(c.headerHeight, 0))
        c.insets.top = max(0, finite(c.insets.top, 0))
        c.insets.left = max(0, finite(c.insets.left, 0))
        c.insets.bottom = max(0, finite(c.insets.bottom, 0))
        c.insets.right = max(0, finite(c.insets.right, 0))
        c.minimumTileWidth = max(1, finite(c.minimumTileWidth, Default.minimumTileWidth))
        let tileAspect = finite(c.tileAspectRatio, Default.tileAspectRatio)
        c.tileAspectRatio = tileAspect > 0.01 ? tileAspect : 1
        c.maximumColumns = max(0, c.maximumColumns)
        c.targetRowHeight = max(1, finite(c.targetRowHeight, Default.targetRowHeight))
        c.minimumAspectRatio = max(0.01, finite(c.minimumAspectRatio, Default.minimumAspectRatio))
        c.maximumAspectRatio = max(c.minimumAspectRatio, finite(c.maximumAspectRatio, Default.maximumAspectRatio))
        return c
    }
}
