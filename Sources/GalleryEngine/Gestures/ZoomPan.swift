/// Zoom and pan of the photo in the viewer.
///
/// `scale` is relative to the aspect-fit size (1 = fit, like Photos), and `pan`
/// is the offset of the image centre from the viewport centre. With those two
/// numbers, screen point `s` shows image point `(s − centre − pan) / scale`,
/// which is all the pinch math needs: keeping that image point under the
/// moving focal point at every frame is what makes the photo feel held by the
/// fingers.
public struct ZoomPan: Equatable, Sendable {
    public var viewport: Size
    /// Photo size at scale 1 (aspect-fit in the viewport).
    public var fitSize: Size
    public var scale: Double = 1
    public var pan: Point = .zero
    public var minimumScale: Double = 1
    /// Double-tap zoom level (PhotoSwipe "secondary": 2.5×).
    public var secondaryScale: Double = 2.5
    public var maximumScale: Double = 4

    public init(viewport: Size, photoAspectRatio: Double) {
        self.viewport = viewport
        self.fitSize =
            TransitionGeometry.aspectFit(
                aspectRatio: photoAspectRatio, in: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
            ).size
    }

    /// Zoomed in past fit (beyond a hair, so spring rounding doesn't count).
    public var isZoomed: Bool { scale > minimumScale * 1.01 }

    /// Largest |pan| per axis at `scale`: half the overflow, 0 if the image is smaller than the viewport.
    public func panLimit(at scale: Double) -> Point {
        let ox = fitSize.width * scale - viewport.width
        let oy = fitSize.height * scale - viewport.height
        return Point(x: ox > 0 ? ox * 0.5 : 0, y: oy > 0 ? oy * 0.5 : 0)
    }

    public func clampedPan(_ p: Point, at scale: Double) -> Point {
        let l = panLimit(at: scale)
        return Point(x: EngineMath.clamp(p.x, -l.x, l.x), y: EngineMath.clamp(p.y, -l.y, l.y))
    }

    /// Pan that follows the finger inside the bounds and resists outside them.
    public func rubberBandedPan(_ p: Point, at scale: Double) -> Point {
        let l = panLimit(at: scale)
        func band(_ v: Double, _ limit: Double, _ dim: Double) -> Double {
            if v > limit { return limit + EngineMath.rubberBand(v - limit, dimension: dim) }
            if v < -limit { return -limit + EngineMath.rubberBand(v + limit, dimension: dim) }
            return v
        }
        return Point(x: band(p.x, l.x, viewport.width), y: band(p.y, l.y, viewport.height))
    }

    /// Scale that follows the pinch inside the limits and resists beyond them
    /// (at most ×1.5 past max, ×0.5 below min).
    public func rubberBandedScale(_ raw: Double) -> Double {
        if raw > maximumScale {
            return maximumScale * (1 + EngineMath.rubberBand(raw / maximumScale - 1, dimension: 0.5))
        }
        if raw < minimumScale {
            let under = 1 - raw / minimumScale
            return minimumScale * (1 - EngineMath.rubberBand(under, dimension: 0.5))
        }
        return raw
    }

    /// Image point (fit-scale px from the image centre) under screen point `s`.
    public func imagePoint(at s: Point) -> Point {
        let k = scale > 1e-9 ? scale : 1e-9
        return Point(x: (s.x - viewport.width * 0.5 - pan.x) / k, y: (s.y - viewport.height * 0.5 - pan.y) / k)
    }

    /// Pan that puts image point `p` under screen point `s` at `scale`.
    public func pan(keeping p: Point, at s: Point, scale: Double) -> Point {
        Point(x: s.x - viewport.width * 0.5 - scale * p.x, y: s.y - viewport.height * 0.5 - scale * p.y)
    }

    /// Where zoom should rest after a pinch released around `focal`: scale
    /// clamped to the limits with the focal image point kept in place, then pan
    /// clamped so no empty space shows.
    public func settledTarget(focal: Point) -> (scale: Double, pan: Point) {
        target(scale: scale, around: focal)
    }

    /// Rest position for a direct zoom to `scale` about screen point `point`: the scale clamped to
    /// the limits, the image point under `point` kept there, the pan clamped so no empty space shows.
    public func target(scale raw: Double, around point: Point) -> (scale: Double, pan: Point) {
        let s = EngineMath.clamp(raw, minimumScale, maximumScale)
        let p = pan(keeping: imagePoint(at: point), at: point, scale: s)
        return (s, clampedPan(p, at: s))
    }

    /// Double-tap: zoom out to fit when zoomed, else to the secondary level
    /// centred on the tapped point.
    public func toggleTarget(at point: Point) -> (scale: Double, pan: Point) {
        if isZoomed { return (minimumScale, .zero) }
        let s = secondaryScale
        let p = pan(keeping: imagePoint(at: point), at: point, scale: s)
        return (s, clampedPan(p, at: s))
    }

    /// Whether the image edge is showing on the side a drag in direction `dy`
    /// (> 0: downward) would pull in — i.e. the pan is at its vertical limit.
    public func isAtVerticalEdge(draggingDown: Bool) -> Bool {
        let l = panLimit(at: scale)
        return draggingDown ? pan.y >= l.y - 0.5 : pan.y <= -l.y + 0.5
    }

    /// Same for horizontal drags (used to hand a zoomed drag over to the pager).
    public func isAtHorizontalEdge(draggingRight: Bool) -> Bool {
        let l = panLimit(at: scale)
        return draggingRight ? pan.x >= l.x - 0.5 : pan.x <= -l.x + 0.5
    }
}
