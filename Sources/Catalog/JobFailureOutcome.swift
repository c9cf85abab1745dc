/// What a failed attempt led to.
public enum JobFailureOutcome: Sendable, Equatable {
    /// Waiting again, claimable from this time on (milliseconds).
    case retry(at: Int64)
    /// Parked as failed: it had used all its attempts.
    case parked
}
