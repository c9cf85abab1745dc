import Catalog
import Jobs
import Metrics

/// Counts a worker's job attempts by kind and outcome, times them, and keeps a gauge of those running.
struct JobMetrics: JobObserver {
    let metrics: VitrineMetrics

    func jobStarted(kind: JobKind) {
        Meter(label: Names.jobsRunning, dimensions: [("kind", kind.rawValue)], factory: metrics.factory).increment()
    }

    func jobFinished(kind: JobKind, outcome: JobOutcome, duration: Duration) {
        let factory = metrics.factory
        Meter(label: Names.jobsRunning, dimensions: [("kind", kind.rawValue)], factory: factory).decrement()
        Counter(
            label: Names.jobsFinished, dimensions: [("kind", kind.rawValue), ("outcome", outcome.rawValue)],
            factory: factory
        ).increment()
        Timer(label: Names.jobDuration, dimensions: [("kind", kind.rawValue)], factory: factory)
            .recordNanoseconds(duration.wholeNanoseconds)
    }
}

extension VitrineMetrics {
    /// What the composition root hands an embedded worker.
    public var jobObserver: any JobObserver { JobMetrics(metrics: self) }

    /// Sets the queue's gauges from `summary`: every known kind and state, 0 where there are none, so a
    /// count that falls to nothing reads 0 rather than its last value.
    public func record(_ summary: JobSummary) {
        var counts: [String: [JobState: Int]] = [:]
        for kind in JobKind.allCases { counts[kind.rawValue] = [:] }
        for count in summary.counts { counts[count.kindName, default: [:]][count.state] = count.count }
        for (kind, states) in counts {
            for state in JobState.allCases {
                Gauge(label: Names.jobs, dimensions: [("kind", kind), ("state", state.rawValue)], factory: factory)
                    .record(Double(states[state] ?? 0))
            }
        }
    }
}
