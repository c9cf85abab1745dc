/// The scrubber's track on screen, and the mapping between the view's offset and a point on it: where
/// the handle sits, where a year's label sits, and where a drag to a point takes the view.
///
/// The track runs from `topGap` below the top bar to `bottomGap` above the window's bottom, the whole
/// library spread along it. A library shorter than two screens has no scrubber: the scrollbar reaches
/// every photo of it.
public struct ScrubberTrack: Sendable {
    /// Space between the top bar and the track's top (px): the first year's label clears the bar.
    public static let topGap: Double = 8
    /// Space between the track's end and the window's bottom (px): the handle at the end stays whole.
    public static let bottomGap: Double = 24

    /// The track's top, in window px.
    public let top: Double
    /// The track's length (px), at least 1.
    public let height: Double
    /// The view's furthest offset, which the track's end stands for.
    public let maximumOffset: Double
    /// Whether the scrubber shows: the library is at least two screens tall.
    public let shows: Bool

    /// The track under a top bar `topBar` px high in a window `viewportHeight` px high, for a view that
    /// scrolls to `maximumOffset`. A value that is not finite, or negative, counts as 0.
    public init(topBar: Double, viewportHeight: Double, maximumOffset: Double) {
        let bar = Self.length(topBar)
        let viewport = Self.length(viewportHeight)
        let maximum = Self.length(maximumOffset)
        top = bar + Self.topGap
        let length = viewport - top - Self.bottomGap
        height = length > 1 ? length : 1
        self.maximumOffset = maximum
        shows = maximum > 0 && maximum >= viewport
    }

    /// A length from outside: itself when positive and finite, else 0.
    @inline(never) static func length(_ x: Double) -> Double { x > 0 && x < .infinity ? x : 0 }

    /// `f` within 0…1; NaN counts as 0.
    @inline(never) static func unit(_ f: Double) -> Double { !(f >= 0) ? 0 : f > 1 ? 1 : f }

    /// How far through the library the view at `offset` is, 0…1: the handle's place, and the ARIA value.
    public func fraction(offset: Double) -> Double {
        maximumOffset > 0 ? Self.unit(offset / maximumOffset) : 0
    }

    /// The window y of the handle's centre for the view at `offset`.
    public func handleY(offset: Double) -> Double { top + fraction(offset: offset) * height }

    /// A label's y within the track, in whole px, for the content y `contentY` it stands for (a month's
    /// header): the years of the last screen share the track's end.
    public func labelY(contentY: Double) -> Double { (fraction(offset: contentY) * height + 0.5).rounded(.down) }

    /// The offset a drag to window y `y` takes the view to: the track's ends stand for the library's.
    public func offset(y: Double) -> Double { Self.unit((y - top) / height) * maximumOffset }
}
