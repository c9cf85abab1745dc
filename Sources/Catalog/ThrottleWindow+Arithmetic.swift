/// The window arithmetic every `ThrottleCounters` and its callers share, saturating throughout: a window's
/// start is a catalog row and `now` comes from some server's clock.
extension ThrottleWindow {
    /// Windows that started at or before this have ended by `now`.
    public static func cutoff(now: Int64, windowSeconds: Int64) -> Int64 {
        let (cutoff, overflow) = now.subtractingReportingOverflow(max(0, windowSeconds))
        return overflow ? Int64.min : cutoff
    }

    /// Whole seconds from `now` to the end of this window of `length` seconds, within 0...length.
    public func secondsLeft(length: Int64, now: Int64) -> Int {
        let (end, late) = start.addingReportingOverflow(length)
        let (left, early) = end.subtractingReportingOverflow(now)
        return Int(late || early ? length : max(0, min(left, length)))
    }
}
