/// Where a job stands. A completed job leaves the queue, so the table only ever holds work still to do
/// and the failures an admin has to see: the counts cannot grow without end.
public enum JobState: String, Sendable, CaseIterable, Codable {
    /// Waiting to be claimed, once its `notBefore` has passed.
    case waiting
    /// Claimed by a worker whose lease has not been given up; claimable again once the lease expires.
    case running
    /// Parked after its last attempt failed; only an admin's retry puts it back.
    case failed
}
