/// How far an animation moves on one frame.
///
/// Why bounded: after a stall (a busy main thread, a tab brought back to the front) the time since the
/// last frame can be seconds, and a spring stepped by all of it lands at its end in one frame. Capped,
/// the animation goes on from where it was, as after a few dropped frames. The first frame of a run has
/// no frame before it and moves by one nominal frame, so it already shows movement.
public enum FrameStep {
    /// One frame at 60 Hz (ms): the first frame of a run.
    public static let nominal: Double = 16
    /// The longest step (ms): four frames at 60 Hz.
    public static let longest: Double = 64

    /// The step (ms) of the frame at `now` after the frame at `previous` (0 or less: none, the first
    /// frame of a run). A clock that went back moves nothing.
    public static func milliseconds(now: Double, previous: Double) -> Double {
        guard previous > 0, now.isFinite, previous.isFinite else { return nominal }
        let dt = now - previous
        return dt > 0 ? (dt < longest ? dt : longest) : 0
    }
}
