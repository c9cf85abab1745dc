import Catalog

/// How one worker process takes jobs: which kinds and how many of each at once, how many in all, and
/// the timing of leases, heartbeats and polling.
public struct WorkerConfiguration: Sendable {
    /// Recorded on each claim, for `vitrine jobs list` and the lapsed-lease error text.
    public var name: String
    /// Jobs of each kind run at once; a kind absent or at 0 is never claimed by this worker.
    public var limits: [JobKind: Int]
    /// Jobs of all kinds run at once, whatever the per-kind limits allow.
    public var total: Int
    /// How long a claim lasts without a heartbeat (milliseconds).
    public var leaseMilliseconds: Int64 = 60_000
    /// How often a running job's lease is extended: a third of the lease, so two missed beats still keep it.
    public var heartbeat: Duration = .seconds(20)
    /// How long an idle worker waits for a wake-up before it looks at the queue anyway (SQLite has no
    /// notifications across processes; a back-off ends with none).
    public var poll: Duration = .seconds(2)
    public var backoff: JobBackoff = .standard

    public init(name: String, limits: [JobKind: Int], total: Int) {
        self.name = name
        self.limits = limits.filter { $0.value > 0 }
        self.total = max(1, total)
    }

    /// Leases of `seconds` (within `leaseSeconds`), extended every third of that.
    public mutating func setLease(seconds: Int) {
        let seconds = min(max(seconds, Self.leaseSeconds.lowerBound), Self.leaseSeconds.upperBound)
        leaseMilliseconds = Int64(seconds) * 1000
        heartbeat = .seconds(seconds) / 3
    }

    /// Leases a worker may ask for: long enough for a heartbeat to land, short enough to notice a death.
    public static let leaseSeconds = 3...3600

    /// Renders on half the cores (a machine that also serves pages keeps the rest), one of each other kind;
    /// a transcode, which takes about as long as its clip, has a slot of its own.
    public static func standard(name: String, cores: Int) -> WorkerConfiguration {
        let renders = max(1, cores / 2)
        return WorkerConfiguration(
            name: name,
            limits: [
                .renderVariants: renders, .sizedVariant: 1, .backfill: 1, .purgeTrash: 1, .collectBlobs: 1,
                .transcodeVideo: 1,
            ],
            total: renders + 3)
    }

    /// An import's own worker: renders `jobs` at once and one transcode, nothing else (a server's worker or
    /// `vitrine worker` runs the library's other jobs). A file that cannot be rendered is retried quickly and
    /// the queue is looked at often: a person is waiting for the import to end.
    public static func importing(name: String, jobs: Int, leaseSeconds: Int = 60) -> WorkerConfiguration {
        let jobs = max(1, jobs)
        var configuration = WorkerConfiguration(
            name: name, limits: [.renderVariants: jobs, .transcodeVideo: 1], total: jobs + 1)
        configuration.setLease(seconds: leaseSeconds)
        configuration.backoff = JobBackoff(base: 250, cap: 2000)
        configuration.poll = .milliseconds(250)
        return configuration
    }

    /// The kinds with room for another job, given how many of each run.
    func open(running: [JobKind: Int]) -> Set<JobKind> {
        guard running.values.reduce(0, +) < total else { return [] }
        return Set(limits.filter { running[$0.key, default: 0] < $0.value }.keys)
    }
}
