/// Horizontal paging between photos in the viewer.
///
/// The strip follows the finger 1:1 and rubber-bands past the first and last
/// photo. On release the page changes if the drag went past half a page, or
/// the finger was flicked (> 0.5 px/ms), or the drag *plus its projected
/// fling* (velocity decaying by 0.995 per ms) passes half a page — the last
/// rule lets a short, quick swipe turn the page like it does in Photos. A
/// flick against the drag direction cancels the change.
public struct Pager: Equatable, Sendable {
    public var index: Int
    public var count: Int
    /// Distance between consecutive pages (viewport width + gap), px.
    public var pageWidth: Double
    public var distanceThreshold: Double = 0.5
    /// px/ms.
    public var velocityThreshold: Double = 0.5
    public var decelerationRate: Double = 0.995

    public init(index: Int = 0, count: Int = 1, pageWidth: Double) {
        self.count = count > 0 ? count : 0
        self.index = index < 0 ? 0 : (index >= count ? (count > 0 ? count - 1 : 0) : index)
        self.pageWidth = pageWidth
    }

    /// Displayed strip offset for a raw finger drag `dx` (rubber band at the ends).
    public func offset(forDrag dx: Double) -> Double {
        let atStart = index <= 0
        let atEnd = index >= count - 1
        if (dx > 0 && atStart) || (dx < 0 && atEnd) {
            return EngineMath.rubberBand(dx, dimension: pageWidth)
        }
        return dx
    }

    /// Page to settle on after releasing at strip offset `dx` with velocity `vx` (px/ms).
    public func targetIndex(forDrag dx: Double, velocity vx: Double) -> Int {
        let half = pageWidth * distanceThreshold
        let projected = dx + EngineMath.projectedDistance(velocity: vx, decelerationRate: decelerationRate)
        var delta = 0
        let towardNext = dx < 0 || (dx == 0 && vx < 0)
        if towardNext {
            if -dx > half || vx < -velocityThreshold || projected < -half { delta = 1 }
            if vx > velocityThreshold { delta = 0 }
        } else if dx > 0 || vx > 0 {
            if dx > half || vx > velocityThreshold || projected > half { delta = -1 }
            if vx < -velocityThreshold { delta = 0 }
        }
        let t = index + delta
        return t < 0 ? 0 : (t > count - 1 ? (count > 0 ? count - 1 : 0) : t)
    }
}
