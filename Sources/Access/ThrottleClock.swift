/// Time for `ThrottleCounters`, whose windows are whole Unix seconds written by any server's clock.
public enum ThrottleClock {
    /// `value` rounded down (0 for a clock that is not a usable number).
    public static func seconds(_ value: Double) -> Int64 {
        let value = value.rounded(.down)
        return value.isFinite && abs(value) < 9e15 ? Int64(value) : 0
    }
}
