import Testing

@testable import GalleryEngine

@Suite("Springs")
struct SpringTests {
    /// Reference: RK4 integration of x'' = −kx − cv with a tiny step.
    func rk4(x0: Double, v0: Double, k: Double, c: Double, t: Double, h: Double = 1e-5) -> (Double, Double) {
        var x = x0
        var v = v0
        var time = 0.0
        func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        while time < t - 1e-12 {
            let dt = min(h, t - time)
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + 0.5 * dt * k1v
            let k2v = a(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
            let k3x = v + 0.5 * dt * k2v
            let k3v = a(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
            let k4x = v + dt * k3v
            let k4v = a(x + dt * k3x, v + dt * k3v)
            x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += dt
        }
        return (x, v)
    }

    @Test(arguments: [0.3, 0.75, 1.0, 1.0000001, 1.5, 3.0])
    func closedFormMatchesNumericIntegration(zeta: Double) {
        let p = SpringParameters(angularFrequency: 12, dampingRatio: zeta)
        for (x0, v0) in [(100.0, 0.0), (-40.0, 900.0), (0.0, -2000.0)] {
            for t in [0.016, 0.1, 0.37, 1.0] {
                let e = Spring.evaluate(
                    displacement: x0, velocity: v0, time: t, angularFrequency: p.angularFrequency, dampingRatio: zeta)
                let r = rk4(x0: x0, v0: v0, k: p.stiffness, c: p.damping, t: t)
                #expect(abs(e.displacement - r.0) < 1e-6 * max(1, abs(x0), abs(v0)), "x ζ=\(zeta) t=\(t)")
                #expect(abs(e.velocity - r.1) < 1e-5 * max(1, abs(x0), abs(v0)), "v ζ=\(zeta) t=\(t)")
            }
        }
    }

    @Test func parameterConversionsRoundTrip() {
        let p = SpringParameters(response: 0.5, dampingRatio: 0.8)
        let q = SpringParameters(stiffness: p.stiffness, damping: p.damping)
        #expect(abs(q.response - 0.5) < 1e-12 && abs(q.dampingRatio - 0.8) < 1e-12)
        #expect(abs(SpringParameters.standard.angularFrequency - 12) < 1e-12)
        #expect(SpringParameters.pageChange.dampingRatio == 1)
    }

    @Test(arguments: [0.2, 0.75, 1.0, 2.0])
    func energyDecays(zeta: Double) {
        var s = Spring(
            value: 0, target: 100, parameters: SpringParameters(angularFrequency: 12, dampingRatio: zeta),
            restDistance: 0, restSpeed: 0)
        let k = s.parameters.stiffness
        func energy(_ s: Spring) -> Double {
            0.5 * s.velocity * s.velocity + 0.5 * k * (s.value - s.target) * (s.value - s.target)
        }
        var last = energy(s)
        for _ in 0..<200 {
            s.step(1.0 / 60)
            let e = energy(s)
            #expect(e <= last * (1 + 1e-12))
            last = e
        }
        #expect(last < 1e-3 * 0.5 * k * 100 * 100)
    }

    @Test func stepSizeDoesNotChangeTheCurve() {
        var a = Spring(value: 0, target: 300, velocity: 500, restDistance: 0, restSpeed: 0)
        var b = a
        for _ in 0..<60 { a.step(1.0 / 60) }
        for _ in 0..<15 { b.step(4.0 / 60) }
        #expect(abs(a.value - b.value) < 1e-9)
        #expect(abs(a.velocity - b.velocity) < 1e-8)
    }

    @Test func retargetKeepsPositionAndVelocity() {
        var s = Spring(value: 0, target: 100)
        for _ in 0..<5 { s.step(1.0 / 60) }
        let (x, v) = (s.value, s.velocity)
        #expect(v > 0)
        s.retarget(to: -50)
        #expect(s.value == x && s.velocity == v)
        s.step(1.0 / 60)
        // Still moving the old way for an instant (continuity), then turns around.
        #expect(s.value > x)
        for _ in 0..<300 { s.step(1.0 / 60) }
        #expect(s.isSettled && s.value == -50)
    }

    @Test func settlesByDistanceAndSpeedAndSnaps() {
        var s = Spring(value: 0, target: 100, restDistance: 1, restSpeed: 50)
        var frames = 0
        while !s.step(1.0 / 60) { frames += 1 }
        #expect(s.value == 100 && s.velocity == 0)
        #expect(frames > 10 && frames < 120)
        // Within distance but too fast: not settled.
        let moving = Spring(value: 99.5, target: 100, velocity: 400)
        #expect(!moving.isSettled)
        // Tighter thresholds take longer.
        var t = Spring(value: 0, target: 100, restDistance: 0.01, restSpeed: 0.5)
        var tFrames = 0
        while !t.step(1.0 / 60) { tFrames += 1 }
        #expect(tFrames > frames)
    }

    @Test func poolMatchesIndividualSprings() {
        let pool = SpringPool(capacity: 3)
        var singles: [Spring] = []
        let params = [SpringParameters.standard, .pageChange, SpringParameters(response: 0.6, dampingRatio: 1.4)]
        for i in 0..<3 {
            pool.configure(i, parameters: params[i], restDistance: 0.5, restSpeed: 10)
            pool.reset(i, value: Double(i) * 10, velocity: 100)
            pool.retarget(i, to: 200)
            singles.append(
                Spring(
                    value: Double(i) * 10, target: 200, velocity: 100, parameters: params[i], restDistance: 0.5,
                    restSpeed: 10))
        }
        var active = 3
        var frames = 0
        while active > 0 && frames < 1000 {
            active = pool.step(1.0 / 60)
            for i in 0..<3 {
                singles[i].step(1.0 / 60)
                #expect(abs(pool.value(i) - singles[i].value) < 1e-12)
            }
            frames += 1
        }
        #expect(active == 0)
        #expect((0..<3).allSatisfy { pool.isSettled($0) && pool.value($0) == 200 })
    }
}
