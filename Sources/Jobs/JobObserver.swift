import Catalog

/// Told of each job a worker runs (the server's metrics); the worker never knows what records it.
public protocol JobObserver: Sendable {
    func jobStarted(kind: JobKind)
    func jobFinished(kind: JobKind, outcome: JobOutcome, duration: Duration)
}

/// How one attempt ended, as the worker saw it.
public enum JobOutcome: String, Sendable, CaseIterable {
    /// The handler returned and the job was deleted.
    case completed
    /// The handler threw; the job waits for its next attempt.
    case retried
    /// The handler threw on the last attempt; the job is parked as failed.
    case parked
    /// The lease lapsed and another worker took the job, or the catalog could not record the end: the
    /// attempt's result is dropped (handlers are idempotent).
    case lost
    /// The worker stopped mid-job and handed it back, due at once.
    case abandoned
}
