/// Tells taps, double taps and long presses apart from timestamps alone.
///
/// A single tap is only reported once the double-tap interval has passed
/// without a second tap (so "toggle chrome" never fires on the first half of
/// a double tap). A long press must fire while the finger is still down and
/// motionless, so JavaScript calls ``tick(time:)`` every frame while a pointer
/// is down or a tap is pending.
public struct TapRecognizer: Sendable {
    public enum Event: Int32, Sendable {
        case none = 0
        case tap = 1
        case doubleTap = 2
        case longPress = 3
    }
    public struct Configuration: Equatable, Sendable {
        /// Max ms between the first and second tap's release (PhotoSwipe: 300).
        public var doubleTapInterval: Double = 300
        /// Max px between the two taps (PhotoSwipe: 25).
        public var doubleTapDistance: Double = 25
        /// Hold this long (ms) without moving for a long press.
        public var longPressDuration: Double = 500
        /// Movement (px) beyond which a touch is a drag, not a tap.
        public var slop: Double = 10
        public init() {}
    }

    public var configuration: Configuration
    /// Where the last reported event happened.
    public private(set) var eventPoint: Point = .zero

    var isDown = false
    var downTime = 0.0
    var downPoint = Point.zero
    var moved = false
    var longPressFired = false
    var hasPendingTap = false
    var pendingTime = 0.0
    var pendingPoint = Point.zero
    var secondTapCandidate = false

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Finger down. May flush a pending single tap (a new touch elsewhere means
    /// the earlier tap was not the start of a double tap).
    public mutating func begin(time: Double, point: Point) -> Event {
        var event = Event.none
        secondTapCandidate = false
        if hasPendingTap {
            if time - pendingTime <= configuration.doubleTapInterval
                && TapRecognizer.distance(point, pendingPoint) <= configuration.doubleTapDistance
            {
                secondTapCandidate = true
            } else {
                hasPendingTap = false
                eventPoint = pendingPoint
                event = .tap
            }
        }
        isDown = true
        downTime = time
        downPoint = point
        moved = false
        longPressFired = false
        return event
    }

    public mutating func move(time: Double, point: Point) {
        guard isDown, !moved else { return }
        if TapRecognizer.distance(point, downPoint) > configuration.slop {
            moved = true
            if hasPendingTap {
                // The second touch became a drag: the first tap stands alone.
                secondTapCandidate = false
            }
        }
    }

    /// Finger up.
    public mutating func end(time: Double, point: Point) -> Event {
        guard isDown else { return .none }
        isDown = false
        if moved || longPressFired {
            // A drag or a long press is not a tap; a pending first tap is flushed by `tick`.
            return .none
        }
        if secondTapCandidate && time - pendingTime <= configuration.doubleTapInterval {
            hasPendingTap = false
            secondTapCandidate = false
            eventPoint = pendingPoint
            return .doubleTap
        }
        if hasPendingTap {
            // Second tap too late: report the first now, keep this one pending.
            eventPoint = pendingPoint
            pendingTime = time
            pendingPoint = downPoint
            return .tap
        }
        hasPendingTap = true
        pendingTime = time
        pendingPoint = downPoint
        return .none
    }

    /// Gesture cancelled (second finger down, pointercancel): no tap from this touch.
    public mutating func cancel() {
        isDown = false
        moved = true
        secondTapCandidate = false
    }

    /// Fires time-based events: long press while held, single tap after the double-tap window.
    public mutating func tick(time: Double) -> Event {
        if isDown && !moved && !longPressFired && time - downTime >= configuration.longPressDuration {
            longPressFired = true
            hasPendingTap = false
            secondTapCandidate = false
            eventPoint = downPoint
            return .longPress
        }
        if hasPendingTap && !secondTapCandidate && time - pendingTime > configuration.doubleTapInterval {
            hasPendingTap = false
            eventPoint = pendingPoint
            return .tap
        }
        if hasPendingTap && secondTapCandidate && !isDown && time - pendingTime > configuration.doubleTapInterval {
            hasPendingTap = false
            secondTapCandidate = false
            eventPoint = pendingPoint
            return .tap
        }
        return .none
    }

    /// True from a long press until its finger lifts or the touch is cancelled: the hold a Live Photo plays
    /// during.
    public var isHolding: Bool { isDown && longPressFired }

    /// True while a timer-driven event could still fire (JS keeps ticking).
    public var needsTicks: Bool { hasPendingTap || (isDown && !moved && !longPressFired) }
}
