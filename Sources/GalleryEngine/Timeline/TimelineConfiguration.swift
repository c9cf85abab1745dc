/// How a ``TimelineLayout`` arranges a library month by month.
///
/// It wraps the grid's own ``LayoutConfiguration`` (style, width, spacing,
/// insets, tile or row sizes) so the timeline lays loaded photos out exactly as
/// the flat grid does, and adds what only a sectioned library needs: the
/// aspect ratio to assume for photos not loaded yet, and the extra height of a
/// header that also opens a new year.
public struct TimelineConfiguration: Equatable, Sendable {
    /// The grid's configuration. `headerHeight` is the height of every month's
    /// header (0 hides month headers).
    public var layout: LayoutConfiguration
    /// Justified: the aspect ratio (width / height) assumed for photos whose
    /// aspects have not arrived, e.g. the library's mean. Invalid values count as the average photo's
    /// (`GridGeometry.averageAspectRatio`).
    public var averageAspectRatio: Double
    /// Added to the header of the first month of each year (the newest month of
    /// that year, since months run newest first), where the client draws the
    /// year above the month's name.
    public var yearHeaderHeight: Double

    public init(
        layout: LayoutConfiguration, averageAspectRatio: Double = GridGeometry.averageAspectRatio,
        yearHeaderHeight: Double = 0
    ) {
        self.layout = layout
        self.averageAspectRatio = averageAspectRatio
        self.yearHeaderHeight = yearHeaderHeight
    }

    /// Replaces out-of-range numbers with safe ones (see `LayoutConfiguration.sanitized`).
    func sanitized() -> TimelineConfiguration {
        var c = self
        c.layout = layout.sanitized()
        c.averageAspectRatio =
            averageAspectRatio.isFinite && averageAspectRatio > 0 ? averageAspectRatio : GridGeometry.averageAspectRatio
        c.yearHeaderHeight = yearHeaderHeight.isFinite && yearHeaderHeight > 0 ? yearHeaderHeight : 0
        return c
    }

    /// The configuration of each loaded run's own ``GalleryLayout``: no vertical
    /// insets and no headers, since the timeline places runs inside sections.
    var runLayout: LayoutConfiguration {
        var c = layout
        c.insets.top = 0
        c.insets.bottom = 0
        c.headerHeight = 0
        return c
    }
}
