/// Maps between the browser's scroll position and content coordinates when the
/// content is taller than a browser can scroll.
///
/// Browsers cap element heights around 16.7 M px (Chrome 33.5 M, Firefox
/// 17.9 M, Safari ~33 M; 2²⁴ is the safe common bound). A 10 M-photo justified
/// library is ~400 M px tall, so the DOM spacer is capped at `maximumScrollHeight`
/// (15 M by default) and positions are mapped:
///
/// - **Scroll offset is scaled linearly:** `content = scrollTop × k` with
///   `k = (contentHeight − viewport) / (scrollHeight − viewport)`, so the top
///   of the scrollbar is item 0, the bottom is the last row, and every item is
///   reachable.
/// - **Geometry near the viewport stays 1:1:** items are not scaled; an item at
///   content y is drawn at DOM y = `scrollTop + (y − content(scrollTop))`, i.e.
///   at its true distance from the viewport top. Tiles never distort; only the
///   scroll *speed* is multiplied by `k` (k = 1 below the cap, so small
///   libraries are untouched).
///
/// Render with `GalleryLayout.writeFrames(originY: content(scrollTop))` and
/// translate the rendered layer by `scrollTop` to get the DOM positions exactly.
public struct ScrollSpace: Equatable, Sendable {
    public static let defaultMaximumScrollHeight: Double = 15_000_000

    public var contentHeight: Double
    public var viewportHeight: Double
    public var maximumScrollHeight: Double

    public init(contentHeight: Double, viewportHeight: Double, maximumScrollHeight: Double = defaultMaximumScrollHeight)
    {
        self.contentHeight = contentHeight > 0 ? contentHeight : 0
        self.viewportHeight = viewportHeight > 0 ? viewportHeight : 0
        self.maximumScrollHeight = maximumScrollHeight > 1 ? maximumScrollHeight : 1
    }

    /// Height to give the DOM scroll spacer.
    public var scrollHeight: Double { contentHeight < maximumScrollHeight ? contentHeight : maximumScrollHeight }

    /// Whether mapping is active (content exceeds the cap).
    public var isScaled: Bool { contentHeight > maximumScrollHeight }

    /// Content pixels per scroll pixel (1 when not scaled).
    public var scale: Double {
        guard isScaled else { return 1 }
        let scrollRange = scrollHeight - viewportHeight
        let contentRange = contentHeight - viewportHeight
        return scrollRange > 0 && contentRange > 0 ? contentRange / scrollRange : 1
    }

    /// Content y at the top of the viewport for a DOM `scrollTop`.
    public func contentOffset(forScrollTop scrollTop: Double) -> Double {
        let maxScroll = scrollHeight - viewportHeight > 0 ? scrollHeight - viewportHeight : 0
        let s = EngineMath.clamp(scrollTop, 0, maxScroll)
        return s * scale
    }

    /// DOM `scrollTop` that puts content y `contentOffset` at the viewport top.
    public func scrollTop(forContentOffset contentOffset: Double) -> Double {
        let maxContent = contentHeight - viewportHeight > 0 ? contentHeight - viewportHeight : 0
        return EngineMath.clamp(contentOffset, 0, maxContent) / scale
    }

    /// DOM y of content y `contentY` while scrolled to `scrollTop` (1:1 around the viewport).
    public func domY(forContentY contentY: Double, scrollTop: Double) -> Double {
        scrollTop + (contentY - contentOffset(forScrollTop: scrollTop))
    }

    /// Content y of DOM y `domY` while scrolled to `scrollTop` (inverse of ``domY(forContentY:scrollTop:)``).
    public func contentY(forDomY domY: Double, scrollTop: Double) -> Double {
        contentOffset(forScrollTop: scrollTop) + (domY - scrollTop)
    }
}
