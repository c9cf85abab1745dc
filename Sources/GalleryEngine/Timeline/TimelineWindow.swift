/// What to show of a timeline in one scroll frame.
public struct TimelineWindow: Equatable, Sendable {
    /// Months and photos intersecting the viewport.
    public var visible: [TimelineSpan]
    /// The viewport widened by the prefetch margins (ahead in the direction of
    /// travel, as ``Virtualizer`` does): what to have mounted.
    public var overscan: [TimelineSpan]
}

extension TimelineLayout {
    /// The visible and overscan spans at content offset `contentOffset` (the
    /// content y at the viewport's top; map a DOM `scrollTop` through
    /// ``ScrollSpace`` built on `contentHeight`), `velocity` in px/ms, positive down.
    public func window(
        contentOffset: Double, viewportHeight: Double, velocity: Double = 0,
        margins configuration: Virtualizer.Configuration = Virtualizer.Configuration()
    ) -> TimelineWindow {
        let vh = viewportHeight > 0 ? viewportHeight : 0
        let (above, below) = configuration.margins(viewportHeight: vh, velocity: velocity)
        return TimelineWindow(
            visible: spans(top: contentOffset, bottom: contentOffset + vh),
            overscan: spans(top: contentOffset - above, bottom: contentOffset + vh + below))
    }
}
