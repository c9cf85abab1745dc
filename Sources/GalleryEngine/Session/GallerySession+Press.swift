/// A touch on a tile that may become a long press: it selects the tile once it has stayed down
/// `GalleryPolicy.longPressDuration` without moving farther than `pressSlop` or the grid scrolling, then
/// paints the selection over the tiles the finger crosses; the click its lift makes is not a tap.
struct GalleryPress: Equatable {
    var x: Double
    var y: Double
    var id: Int32
    /// The library photo it went down on (−1: none).
    var item: Int = -1
    /// When it went down (ms).
    var time: Double
    /// The menu opened.
    var fired = false
}

public enum GalleryPointerPhase: Int32, Sendable {
    case down = 1
    case move = 2
    case up = 3
}

extension GallerySession {
    /// A touch on a tile went down, moved or lifted (or was cancelled).
    func pointer(
        _ phase: GalleryPointerPhase, x: Double, y: Double, id: Int32, time: Double, item: Int = -1,
        _ frame: inout GalleryFrame
    ) -> Bool {
        advance(to: time)
        switch phase {
        case .down:
            press = GalleryPress(x: x, y: y, id: id, item: item, time: now)
        case .move:
            if let p = press, p.fired, p.id == id {
                paint(to: item, &frame)
            } else if let p = press, !p.fired, p.id == id,
                (x - p.x) * (x - p.x) + (y - p.y) * (y - p.y) > policy.pressSlop * policy.pressSlop
            {
                press = nil
            }
        case .up:
            // However long the finger stayed after the menu opened, lifting it is not a tap.
            if press?.fired == true { pressedAt = now }
            press = nil
            paint = nil
        }
        return false
    }

    /// The press held long enough: its tile is selected now and the touch paints (`frame.longPress`).
    func firePress(_ frame: inout GalleryFrame) {
        guard var p = press, !p.fired, now >= p.time + policy.longPressDuration else { return }
        p.fired = true
        press = p
        pressedAt = now
        frame.longPress = true
        beginPaint(at: p.item, &frame)
    }

    /// When a press still held fires, if one is.
    var pressDeadline: Double? {
        guard let p = press, !p.fired else { return nil }
        return p.time + policy.longPressDuration
    }

    /// Whether a click at `time` (ms) is the lift of the long press that selected a tile.
    public func ignoresClick(at time: Double) -> Bool {
        policy.ignoresClick(at: time, longPressAt: pressedAt)
    }
}
