/// One pointer event as the browser reports it (`PointerEvent`), reduced to
/// numbers so it can cross the wasm boundary without allocation.
public struct PointerSample: Equatable, Sendable {
    public enum Phase: Int32, Sendable {
        case began = 0
        case moved = 1
        case ended = 2
        case cancelled = 3
    }
    /// Milliseconds (`event.timeStamp` / `performance.now()`).
    public var time: Double
    public var x: Double
    public var y: Double
    public var pointerID: Int32
    public var phase: Phase

    public init(_ phase: Phase, time: Double, x: Double, y: Double, pointerID: Int32 = 1) {
        self.phase = phase
        self.time = time
        self.x = x
        self.y = y
        self.pointerID = pointerID
    }

    public var point: Point { Point(x: x, y: y) }
}

/// Which axis a drag committed to. Deciding once, after a small slop, is what
/// stops a vertical dismiss from jittering sideways into the pager.
public enum GestureAxis: Int32, Sendable {
    case undecided = 0
    case horizontal = 1
    case vertical = 2

    /// `.undecided` until the drag is `threshold` px long, then the dominant axis.
    public static func lock(dx: Double, dy: Double, threshold: Double = 10) -> GestureAxis {
        let ax = dx < 0 ? -dx : dx
        let ay = dy < 0 ? -dy : dy
        if ax * ax + ay * ay < threshold * threshold { return .undecided }
        return ax >= ay ? .horizontal : .vertical
    }
}
