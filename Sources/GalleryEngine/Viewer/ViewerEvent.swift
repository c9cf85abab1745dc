/// Something the viewer decided that JavaScript must react to (beyond moving
/// nodes, which it does from ``ViewerGestures/state``).
public struct ViewerEvent: Equatable, Sendable {
    public enum Kind: Int32, Sendable {
        /// Single tap at (x, y): toggle the chrome.
        case tap = 1
        /// Double tap at (x, y); the engine is already animating the zoom toggle.
        case doubleTap = 2
        /// Long press at (x, y): context menu / selection.
        case longPress = 3
        /// The current page changed to `index` (load its photo, call `setPhoto`).
        case pageChanged = 4
        /// The drag-to-dismiss passed its threshold: run the close transition. `y` is the drag
        /// offset and `x` the vertical release velocity in px/s, for the flight's initial speed.
        case dismiss = 5
        /// A dismiss drag was abandoned; the photo springs back.
        case dismissCancelled = 6
        /// The finger that made a long press lifted, or a second finger joined it: a Live Photo's motion,
        /// played while it was held, stops.
        case holdEnded = 7
    }
    public var kind: Kind
    public var x: Double
    public var y: Double
    public var index: Int

    public init(_ kind: Kind, x: Double = 0, y: Double = 0, index: Int = 0) {
        self.kind = kind
        self.x = x
        self.y = y
        self.index = index
    }
}
