/// Estimates pointer velocity (px/ms) from the most recent samples.
///
/// A least-squares line through the samples of the last `window` ms, rather
/// than the last two events, because pointer timestamps are jittery and
/// coalesced; the fit is robust to that. A finger that stops before lifting
/// yields ~0: only samples near the end count.
public struct VelocityTracker: Sendable {
    /// Milliseconds of history considered (PhotoSwipe samples over ~50 ms; 80 ms
    /// smooths 60 Hz input while still reacting to a late flick).
    public var window: Double
    static let capacity = 16
    // Fixed-size ring buffer, allocated once; never grows.
    var times = [Double](repeating: 0, count: capacity)
    var xs = [Double](repeating: 0, count: capacity)
    var ys = [Double](repeating: 0, count: capacity)
    var head = 0
    public private(set) var count = 0

    public init(window: Double = 80) {
        self.window = window
    }

    public mutating func reset() {
        count = 0
        head = 0
    }

    public mutating func add(time: Double, x: Double, y: Double) {
        times[head] = time
        xs[head] = x
        ys[head] = y
        head = (head + 1) % VelocityTracker.capacity
        if count < VelocityTracker.capacity { count += 1 }
    }

    /// Velocity in px/ms at the time of the newest sample.
    public func velocity() -> Point {
        guard count >= 2 else { return .zero }
        let cap = VelocityTracker.capacity
        let newest = (head + cap - 1) % cap
        let tEnd = times[newest]
        var n = 0
        var st = 0.0
        var sx = 0.0
        var sy = 0.0
        while n < count {
            let i = (newest + cap - n) % cap
            if tEnd - times[i] > window { break }
            st += times[i] - tEnd
            sx += xs[i]
            sy += ys[i]
            n += 1
        }
        if n < 2 { return .zero }
        let tm = st / Double(n)
        let xm = sx / Double(n)
        let ym = sy / Double(n)
        var stt = 0.0
        var stx = 0.0
        var sty = 0.0
        for k in 0..<n {
            let i = (newest + cap - k) % cap
            let dt = times[i] - tEnd - tm
            stt += dt * dt
            stx += dt * (xs[i] - xm)
            sty += dt * (ys[i] - ym)
        }
        if stt < 1e-9 { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
