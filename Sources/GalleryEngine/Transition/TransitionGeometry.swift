/// Geometry of the thumbnail ⇄ viewer zoom transition.
///
/// A frame is two rects: `image`, where the whole photo is drawn (always at
/// the photo's aspect ratio, so it never distorts), and `clip`, the window
/// through which it is visible. In the grid the image covers the tile and the
/// tile is the clip (a cover-crop); in the viewer the image is aspect-fit and
/// the clip equals it. Interpolating both rects linearly between those frames
/// keeps the image undistorted at every progress value, because a linear blend
/// of two rects with the same aspect ratio has that aspect ratio too.
public struct TransitionFrame: Equatable, Sendable {
    public var image: Rect
    public var clip: Rect
    public init(image: Rect, clip: Rect) {
        self.image = image
        self.clip = clip
    }
}

public enum TransitionGeometry {
    /// The largest rect of `aspectRatio` (w/h) inside `bounds`, centred (CSS `object-fit: contain`).
    public static func aspectFit(aspectRatio: Double, in bounds: Rect) -> Rect {
        let a = aspectRatio > 0 && aspectRatio.isFinite ? aspectRatio : 1
        var w = bounds.width
        var h = w / a
        if h > bounds.height {
            h = bounds.height
            w = h * a
        }
        return Rect(x: bounds.midX - w * 0.5, y: bounds.midY - h * 0.5, width: w, height: h)
    }

    /// The smallest rect of `aspectRatio` covering `bounds`, centred (CSS `object-fit: cover`).
    public static func aspectFill(aspectRatio: Double, in bounds: Rect) -> Rect {
        let a = aspectRatio > 0 && aspectRatio.isFinite ? aspectRatio : 1
        var w = bounds.width
        var h = w / a
        if h < bounds.height {
            h = bounds.height
            w = h * a
        }
        return Rect(x: bounds.midX - w * 0.5, y: bounds.midY - h * 0.5, width: w, height: h)
    }

    /// The photo as shown in a grid tile: image covers the tile, tile is the clip.
    public static func tileFrame(aspectRatio: Double, tile: Rect) -> TransitionFrame {
        TransitionFrame(image: aspectFill(aspectRatio: aspectRatio, in: tile), clip: tile)
    }

    /// The photo as shown in the viewer at rest: aspect-fit, unclipped.
    public static func viewerFrame(aspectRatio: Double, viewport: Rect) -> TransitionFrame {
        let fit = aspectFit(aspectRatio: aspectRatio, in: viewport)
        return TransitionFrame(image: fit, clip: fit)
    }

    /// The photo as currently displayed by the viewer (zoomed by `scale` about
    /// the viewport centre, then offset by `offset` = pan + pager + dismiss drag):
    /// the start frame of a close transition.
    public static func viewerFrame(
        aspectRatio: Double, viewport: Rect, scale: Double, offset: Point
    ) -> TransitionFrame {
        let fit = aspectFit(aspectRatio: aspectRatio, in: viewport)
        let w = fit.width * scale
        let h = fit.height * scale
        let image = Rect(
            x: viewport.midX + offset.x - w * 0.5, y: viewport.midY + offset.y - h * 0.5, width: w, height: h)
        return TransitionFrame(image: image, clip: image.intersection(viewport))
    }

    /// Frame at progress `p` from `from` (p = 0) to `to` (p = 1).
    ///
    /// Springs overshoot, so `p` may leave 0…1: positions extrapolate, sizes are
    /// kept positive (never below 1 % of the smaller endpoint), and the clip is
    /// intersected with the image so it can never show beyond the photo.
    public static func interpolate(from: TransitionFrame, to: TransitionFrame, progress p: Double) -> TransitionFrame {
        guard p.isFinite, p != 1 else { return to }
        if p == 0 { return from }
        var image = Rect.lerp(from.image, to.image, p)
        let minW = 0.01 * (from.image.width < to.image.width ? from.image.width : to.image.width)
        if image.width < minW {
            // Shrink about the interpolated centre, preserving aspect.
            let aspect = from.image.height > 0 ? from.image.width / from.image.height : 1
            let c = image.center
            image = Rect(x: c.x - minW * 0.5, y: c.y - minW / aspect * 0.5, width: minW, height: minW / aspect)
        }
        var clip = Rect.lerp(from.clip, to.clip, p)
        if clip.width < 0 { clip.width = 0 }
        if clip.height < 0 { clip.height = 0 }
        return TransitionFrame(image: image, clip: clip.intersection(image))
    }

    /// Opening transition: tile → viewer.
    public static func open(aspectRatio: Double, tile: Rect, viewport: Rect, progress p: Double) -> TransitionFrame {
        interpolate(
            from: tileFrame(aspectRatio: aspectRatio, tile: tile),
            to: viewerFrame(aspectRatio: aspectRatio, viewport: viewport), progress: p)
    }
}
