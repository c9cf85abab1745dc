import Catalog

/// Time for `ThrottleCounters`, whose windows are whole Unix seconds written by any server's clock.
enum ThrottleClock {
    /// `value` rounded down (0 for a clock that is not a usable number).
    static func seconds(_ value: Double) -> Int64 {
        let value = value.rounded(.down)
        return value.isFinite && abs(value) < 9e15 ? Int64(value) : 0
    }

    /// Whole seconds from `now` to the end of `window`, within 0...length (saturating: a window's start
    /// is a catalog row).
    static func secondsLeft(in window: ThrottleWindow, length: Int64, now: Int64) -> Int {
        let (end, late) = window.start.addingReportingOverflow(length)
        let (left, early) = end.subtractingReportingOverflow(now)
        return Int(late || early ? length : max(0, min(left, length)))
    }
}
