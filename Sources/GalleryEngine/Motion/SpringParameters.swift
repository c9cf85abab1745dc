/// Spring tuning in the designer-friendly form Apple uses (SwiftUI
/// `.spring(response:dampingRatio:)`): `response` is the undamped period in
/// seconds and `dampingRatio` is ζ (1 = critical, < 1 bouncy, > 1 sluggish).
/// Mass is 1, so stiffness k = ω₀² and damping c = 2ζω₀ with ω₀ = 2π/response.
public struct SpringParameters: Equatable, Sendable {
    public var response: Double
    public var dampingRatio: Double

    public init(response: Double, dampingRatio: Double) {
        self.response = response > 1e-6 ? response : 1e-6
        self.dampingRatio = dampingRatio > 0 ? dampingRatio : 0
    }

    /// From a natural (angular) frequency ω₀ in rad/s, PhotoSwipe's parameterisation.
    public init(angularFrequency: Double, dampingRatio: Double) {
        self.init(
            response: 2 * EngineMath.pi / (angularFrequency > 1e-9 ? angularFrequency : 1e-9),
            dampingRatio: dampingRatio)
    }

    /// From physical stiffness k and damping c with mass 1.
    public init(stiffness: Double, damping: Double) {
        let k = stiffness > 1e-12 ? stiffness : 1e-12
        let omega = k.squareRoot()
        self.init(angularFrequency: omega, dampingRatio: damping / (2 * omega))
    }

    /// ω₀ = 2π / response (rad/s).
    public var angularFrequency: Double { 2 * EngineMath.pi / response }
    /// k = ω₀².
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c = 2ζω₀.
    public var damping: Double { 2 * dampingRatio * angularFrequency }

    /// PhotoSwipe's default animation spring: ω₀ = 12 rad/s, ζ = 0.75.
    public static let standard = SpringParameters(angularFrequency: 12, dampingRatio: 0.75)
    /// PhotoSwipe's slide-change spring: ω₀ = 30 rad/s, critically damped.
    public static let pageChange = SpringParameters(angularFrequency: 30, dampingRatio: 1)
}
