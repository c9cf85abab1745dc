import Testing

@testable import GalleryEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("EngineMath")
struct MathTests {
    @Test func expMatchesLibmToRoundoff() {
        var worst = 0.0
        var x = -700.0
        while x < 700 {
            let e = EngineMath.exp(x)
            let ref = Glibc.exp(x)
            let rel = abs(e - ref) / ref
            worst = max(worst, rel)
            x += 0.7371
        }
        #expect(worst < 1e-14, "worst relative error \(worst)")
        #expect(EngineMath.exp(0) == 1)
        #expect(EngineMath.exp(-800) == 0)
        #expect(EngineMath.exp(800) == .infinity)
    }

    @Test func sinCosMatchLibm() {
        var worst = 0.0
        var x = -2000.0
        while x < 2000 {
            let (s, c) = EngineMath.sinCos(x)
            worst = max(worst, abs(s - Glibc.sin(x)), abs(c - Glibc.cos(x)))
            x += 0.01237
        }
        #expect(worst < 1e-15, "worst absolute error \(worst)")
        // Relative accuracy near zero, where sin x ≈ x.
        #expect(abs(EngineMath.sin(1e-7) - 1e-7) / 1e-7 < 1e-12)
        #expect(EngineMath.cos(EngineMath.pi) == -1)
    }

    @Test func rubberBandIsMonotoneAndBounded() {
        var last = 0.0
        for i in 1...200 {
            let v = EngineMath.rubberBand(Double(i * 20), dimension: 400)
            #expect(v > last)
            #expect(v < 400)
            #expect(v < Double(i * 20))
            last = v
        }
        #expect(EngineMath.rubberBand(-100, dimension: 400) == -EngineMath.rubberBand(100, dimension: 400))
    }

    @Test func projectionUsesGeometricSeries() {
        // 0.995 per ms → ×199.
        #expect(abs(EngineMath.projectedDistance(velocity: 1, decelerationRate: 0.995) - 199) < 1e-9)
        #expect(EngineMath.projectedDistance(velocity: 1, decelerationRate: 1) == 0)
    }
}
