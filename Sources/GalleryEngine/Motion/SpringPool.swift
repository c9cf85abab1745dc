/// Many springs stepped together, stored as parallel columns.
///
/// Why: the web client animates several properties at once (x, y, scale,
/// opacity, clip…). One wasm call per frame steps them all and JavaScript reads
/// the results through `Float64Array` views of `values`/`velocities` — no
/// per-spring calls in the frame loop.
public final class SpringPool {
    public let capacity: Int
    var values: UnsafeMutablePointer<Double>
    var velocities: UnsafeMutablePointer<Double>
    var targets: UnsafeMutablePointer<Double>
    var omegas: UnsafeMutablePointer<Double>
    var zetas: UnsafeMutablePointer<Double>
    var restDistances: UnsafeMutablePointer<Double>
    var restSpeeds: UnsafeMutablePointer<Double>
    /// 1 = settled (at target, not moving), 0 = animating.
    var settled: UnsafeMutablePointer<UInt8>

    public init(capacity: Int) {
        self.capacity = capacity > 0 ? capacity : 1
        let n = self.capacity
        values = .allocate(capacity: n)
        velocities = .allocate(capacity: n)
        targets = .allocate(capacity: n)
        omegas = .allocate(capacity: n)
        zetas = .allocate(capacity: n)
        restDistances = .allocate(capacity: n)
        restSpeeds = .allocate(capacity: n)
        settled = .allocate(capacity: n)
        let p = SpringParameters.standard
        for i in 0..<n {
            values[i] = 0
            velocities[i] = 0
            targets[i] = 0
            omegas[i] = p.angularFrequency
            zetas[i] = p.dampingRatio
            restDistances[i] = 1
            restSpeeds[i] = 50
            settled[i] = 1
        }
    }

    deinit {
        values.deallocate()
        velocities.deallocate()
        targets.deallocate()
        omegas.deallocate()
        zetas.deallocate()
        restDistances.deallocate()
        restSpeeds.deallocate()
        settled.deallocate()
    }

    /// Sets a spring's tuning and rest thresholds (thresholds are in the spring's
    /// own units: 1 px for positions, ~0.001 for scale/opacity).
    public func configure(_ i: Int, parameters: SpringParameters, restDistance: Double = 1, restSpeed: Double = 50) {
        guard i >= 0 && i < capacity else { return }
        omegas[i] = parameters.angularFrequency
        zetas[i] = parameters.dampingRatio
        restDistances[i] = restDistance
        restSpeeds[i] = restSpeed
    }

    /// Jumps spring `i` to `value` with `velocity` (units/s); keeps its target.
    public func reset(_ i: Int, value: Double, velocity: Double = 0) {
        guard i >= 0 && i < capacity else { return }
        values[i] = value
        velocities[i] = velocity
        settled[i] = 0
    }

    /// New target; position and velocity carry over.
    public func retarget(_ i: Int, to target: Double) {
        guard i >= 0 && i < capacity else { return }
        targets[i] = target
        settled[i] = 0
    }

    public func value(_ i: Int) -> Double { values[i] }
    public func velocity(_ i: Int) -> Double { velocities[i] }
    public func target(_ i: Int) -> Double { targets[i] }
    public func isSettled(_ i: Int) -> Bool { settled[i] != 0 }

    /// Advances every unsettled spring by `dt` seconds; returns how many are still moving.
    @discardableResult
    public func step(_ dt: Double) -> Int {
        var active = 0
        for i in 0..<capacity where settled[i] == 0 {
            var spring = Spring(
                value: values[i], target: targets[i], velocity: velocities[i],
                parameters: SpringParameters(angularFrequency: omegas[i], dampingRatio: zetas[i]),
                restDistance: restDistances[i], restSpeed: restSpeeds[i])
            if !spring.isSettled { spring.step(dt) }
            values[i] = spring.value
            velocities[i] = spring.velocity
            if spring.isSettled { settled[i] = 1 } else { active += 1 }
        }
        return active
    }
}
