import Synchronization

/// Bounded retries with exponential back-off and full jitter: attempt n (from 1) waits a uniformly random
/// time in [0, min(maxDelay, baseDelay · 2ⁿ⁻¹)], so clients that failed together do not retry together.
public struct S3RetryPolicy: Sendable {
    /// Attempts in all, the first included (at least 1).
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    /// 6 attempts, 100 ms base, 5 s cap: a throttled store gets about 6 s to recover on average.
    public static let standard = S3RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(100), maxDelay: .seconds(5))

    public init(maxAttempts: Int, baseDelay: Duration, maxDelay: Duration) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maxDelay = max(.zero, maxDelay)
    }

    /// The ceiling of the wait after failed attempt `attempt` (1-based), before jitter.
    func ceiling(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(0, attempt - 1), 30)
        let grown = baseDelay * (1 << exponent)
        return min(maxDelay, grown)
    }
}

/// The jitter's random source: seeded in tests so a run can be replayed, system randomness otherwise.
final class JitterSource: Sendable {
    private let state: Mutex<UInt64?>

    init(seed: UInt64?) { state = Mutex(seed) }

    /// A uniformly random duration in [0, ceiling].
    func delay(upTo ceiling: Duration) -> Duration {
        let nanoseconds = max(
            0, ceiling.components.seconds * 1_000_000_000 + ceiling.components.attoseconds / 1_000_000_000)
        guard nanoseconds > 0 else { return .zero }
        let draw = state.withLock { seed -> UInt64 in
            guard var value = seed else { return UInt64.random(in: 0...UInt64.max) }
            // SplitMix64.
            value &+= 0x9E37_79B9_7F4A_7C15
            seed = value
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return .nanoseconds(Int64(draw % UInt64(nanoseconds + 1)))
    }
}
