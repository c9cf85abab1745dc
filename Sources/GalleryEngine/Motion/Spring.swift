/// A damped harmonic oscillator advanced with its exact closed-form solution.
///
/// Why analytic rather than integrating? Each step maps (x, v) through the true
/// solution for Δt, so the result is independent of frame rate — a dropped
/// frame just means a longer Δt, never instability or a different curve — and
/// native and wasm agree to rounding. Because the state is (position,
/// velocity), retargeting mid-flight simply changes the target: the current
/// velocity carries over and the motion stays continuous, like UIKit's
/// interruptible animations.
public struct Spring: Equatable, Sendable {
    public var parameters: SpringParameters
    public var value: Double
    /// Units per second.
    public var velocity: Double
    public var target: Double
    /// Settled when within this distance of the target… (PhotoSwipe: 1 px)
    public var restDistance: Double
    /// …and slower than this (units/s; PhotoSwipe: 50 px/s).
    public var restSpeed: Double
    public private(set) var isSettled: Bool

    public init(
        value: Double = 0, target: Double? = nil, velocity: Double = 0,
        parameters: SpringParameters = .standard, restDistance: Double = 1, restSpeed: Double = 50
    ) {
        self.parameters = parameters
        self.value = value
        self.velocity = velocity
        self.target = target ?? value
        self.restDistance = restDistance
        self.restSpeed = restSpeed
        self.isSettled = false
        settleIfAtRest()
    }

    /// Moves the target, keeping position and velocity (continuous motion).
    public mutating func retarget(to newTarget: Double) {
        target = newTarget
        isSettled = false
        settleIfAtRest()
    }

    /// Jumps to `value` with `velocity` (e.g. a finger released with that speed).
    public mutating func reset(value: Double, velocity: Double = 0) {
        self.value = value
        self.velocity = velocity
        isSettled = false
        settleIfAtRest()
    }

    /// Advances by `dt` seconds. Returns true once settled (snapped to the target).
    @discardableResult
    public mutating func step(_ dt: Double) -> Bool {
        if isSettled { return true }
        if dt > 0 {
            let s = Spring.evaluate(
                displacement: value - target, velocity: velocity, time: dt,
                angularFrequency: parameters.angularFrequency,
                dampingRatio: parameters.dampingRatio)
            value = target + s.displacement
            velocity = s.velocity
        }
        settleIfAtRest()
        return isSettled
    }

    mutating func settleIfAtRest() {
        let d = value - target
        if (d < 0 ? -d : d) <= restDistance && (velocity < 0 ? -velocity : velocity) <= restSpeed {
            value = target
            velocity = 0
            isSettled = true
        }
    }

    /// Closed form of x'' + 2ζω₀x' + ω₀²x = 0 from x(0)=`displacement`,
    /// x'(0)=`velocity`, evaluated at `time`. Handles ζ<1, ζ≈1 and ζ>1.
    @inline(__always)
    public static func evaluate(
        displacement x0: Double, velocity v0: Double, time t: Double, angularFrequency w0: Double,
        dampingRatio zeta: Double
    ) -> (displacement: Double, velocity: Double) {
        let delta = zeta - 1
        if delta < 1e-6 && delta > -1e-6 {
            // Critically damped: x = e^{−ω₀t}(x₀ + (v₀ + ω₀x₀)t).
            let e = EngineMath.exp(-w0 * t)
            let b = v0 + w0 * x0
            let x = e * (x0 + b * t)
            let v = e * (b - w0 * (x0 + b * t))
            return (x, v)
        }
        if zeta < 1 {
            // Under-damped: decaying sinusoid at ω_d = ω₀√(1−ζ²).
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * w0
            let e = EngineMath.exp(-decay * t)
            let (s, c) = EngineMath.sinCos(wd * t)
            let b = (v0 + decay * x0) / wd
            let x = e * (x0 * c + b * s)
            let v = e * ((b * wd - decay * x0) * c - (x0 * wd + decay * b) * s)
            return (x, v)
        }
        // Over-damped: two real decay rates r₁,₂ = −ω₀(ζ ∓ √(ζ²−1)).
        let root = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + root
        let r2 = -zeta * w0 - root
        let c2 = (r1 * x0 - v0) / (r1 - r2)
        let c1 = x0 - c2
        let e1 = EngineMath.exp(r1 * t)
        let e2 = EngineMath.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
