/// Drag-to-dismiss in the viewer (the Photos "pull down to close").
///
/// Allowed only vertically, and only when the photo isn't zoomed past fit or
/// its edge is already showing in the drag direction (otherwise the drag pans).
/// The photo follows the finger; the backdrop fades as `1 − |dy| / (h/3)`. On
/// release the decision uses the *projected* distance — drag plus fling at
/// 0.995/ms deceleration — against 13 % of the viewport height, so a quick
/// flick closes while a slow, short drag springs back.
public struct DismissGesture: Equatable, Sendable {
    public var viewportHeight: Double
    /// Fraction of the viewport height the projected drag must pass.
    public var threshold: Double = 0.13
    public var decelerationRate: Double = 0.995

    public init(viewportHeight: Double) {
        self.viewportHeight = viewportHeight
    }

    /// Whether a vertical drag may start dismissing.
    public static func canBegin(zoom: ZoomPan, draggingDown: Bool) -> Bool {
        !zoom.isZoomed || zoom.isAtVerticalEdge(draggingDown: draggingDown)
    }

    /// Backdrop opacity for a vertical offset.
    public func backgroundOpacity(offset dy: Double) -> Double {
        guard viewportHeight > 0 else { return 1 }
        let a = dy < 0 ? -dy : dy
        return EngineMath.clamp(1 - a / (viewportHeight / 3), 0, 1)
    }

    /// True to close, false to spring back. `velocity` in px/ms.
    public func shouldDismiss(offset dy: Double, velocity vy: Double) -> Bool {
        let projected = dy + EngineMath.projectedDistance(velocity: vy, decelerationRate: decelerationRate)
        let p = projected < 0 ? -projected : projected
        return p > threshold * viewportHeight
    }
}
