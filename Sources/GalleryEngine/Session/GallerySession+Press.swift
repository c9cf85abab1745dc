/// A touch on a tile that may become a long press: it opens the tile's menu once it has stayed down
/// `GalleryPolicy.longPressDuration` without moving farther than `pressSlop` or the grid scrolling, and
/// the click its lift makes is not a tap.
struct GalleryPress: Equatable {
    var x: Double
    var y: Double
    var id: Int32
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
        _ phase: GalleryPointerPhase, x: Double, y: Double, id: Int32, time: Double, _ frame: inout GalleryFrame
    ) -> Bool {
        advance(to: time)
        switch phase {
        case .down:
            press = GalleryPress(x: x, y: y, id: id, time: now)
        case .move:
            if let p = press, !p.fired, p.id == id,
                (x - p.x) * (x - p.x) + (y - p.y) * (y - p.y) > policy.pressSlop * policy.pressSlop
            {
                press = nil
            }
        case .up:
            // However long the finger stayed after the menu opened, lifting it is not a tap.
            if press?.fired == true { pressedAt = now }
            press = nil
        }
        return false
    }

    /// The press held long enough: the menu opens now (`frame.longPress`).
    func firePress(_ frame: inout GalleryFrame) {
        guard var p = press, !p.fired, now >= p.time + policy.longPressDuration else { return }
        p.fired = true
        press = p
        pressedAt = now
        frame.longPress = true
    }

    /// When a press still held fires, if one is.
    var pressDeadline: Double? {
        guard let p = press, !p.fired else { return nil }
        return p.time + policy.longPressDuration
    }

    /// Whether a click at `time` (ms) is the lift of the long press that opened the menu.
    public func ignoresClick(at time: Double) -> Bool {
        policy.ignoresClick(at: time, longPressAt: pressedAt)
    }
}
