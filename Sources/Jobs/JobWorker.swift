import Catalog
import Logging
import VitrineCore

/// Runs jobs from the queue in this process: claims whatever kinds have room under the configuration's
/// limits, runs each with its handler while heartbeats keep its lease, then completes or fails it. Any
/// number of workers, in any number of processes on any number of machines, share one queue.
public actor JobWorker {
    let queue: any JobQueue
    let handlers: [JobKind: JobHandler]
    public let configuration: WorkerConfiguration
    let observer: (any JobObserver)?
    let logger: Logger
    /// Runs once as `run` starts, before the first claim: queues work the queue should hold but may not (a
    /// library's photos left unrendered by a crash).
    let startup: (@Sendable () async throws -> Void)?
    let wake = WakeSignal()
    /// Jobs of each kind running now.
    private var running: [JobKind: Int] = [:]
    /// Jobs this worker has finished, whatever their outcome (progress and tests).
    public private(set) var finished = 0

    /// Kinds without a handler are never claimed, whatever `configuration.limits` says.
    public init(
        queue: any JobQueue, handlers: [JobKind: JobHandler], configuration: WorkerConfiguration,
        observer: (any JobObserver)? = nil, logger: Logger = Logger(label: "vitrine.worker"),
        startup: (@Sendable () async throws -> Void)? = nil
    ) {
        self.startup = startup
        self.queue = queue
        self.handlers = handlers
        var configuration = configuration
        configuration.limits = configuration.limits.filter { handlers[$0.key] != nil }
        self.configuration = configuration
        self.observer = observer
        self.logger = logger
    }

    /// Works until the task is cancelled. A job running then is handed back, due at once.
    public func run() async {
        if let startup {
            do { try await startup() } catch {
                logger.warning("the worker's start-up sweep failed", metadata: ["error": "\(error)"])
            }
        }
        await work(untilIdle: false)
    }

    /// Works until no job of its kinds is due and none is running (an import working through its own jobs).
    public func runUntilIdle() async {
        await work(untilIdle: true)
    }

    func work(untilIdle: Bool) async {
        let wake = wake
        let observation = try? await queue.observeJobs { wake.signal() }
        defer { observation?.cancel() }
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let claimedAll = await fill(&group)
                if untilIdle, claimedAll, running.values.reduce(0, +) == 0 { break }
                await wake.wait(timeout: configuration.poll)
            }
        }
    }

    /// Claims jobs until every kind is at its limit or nothing is due; true when the queue had nothing more.
    private func fill(_ group: inout DiscardingTaskGroup) async -> Bool {
        while true {
            let open = configuration.open(running: running)
            guard !open.isEmpty else { return false }
            let job: JobRecord?
            do {
                job = try await queue.claimJob(
                    kinds: open, worker: configuration.name, leaseMilliseconds: configuration.leaseMilliseconds,
                    now: EpochMilliseconds.now)
            } catch {
                logger.warning("cannot claim a job", metadata: ["error": "\(error)"])
                return false
            }
            guard let job, let kind = job.kind, let handler = handlers[kind] else { return true }
            running[kind, default: 0] += 1
            group.addTask { await self.execute(job, kind: kind, handler: handler) }
        }
    }

    /// Runs one claimed job to its end and records it.
    nonisolated func execute(_ job: JobRecord, kind: JobKind, handler: JobHandler) async {
        let started = ContinuousClock.now
        observer?.jobStarted(kind: kind)
        let attempt = await attempt(job, handler: handler)
        let outcome = await record(job, attempt)
        if outcome == .parked, case .failed(let error) = attempt, let parked = handler.parked {
            do { try await parked(job, error) } catch {
                logger.warning(
                    "cannot record a parked job's failure", metadata: ["id": "\(job.id)", "error": "\(error)"])
            }
        }
        observer?.jobFinished(kind: kind, outcome: outcome, duration: started.duration(to: .now))
        await ended(kind)
    }

    private func ended(_ kind: JobKind) {
        running[kind, default: 1] -= 1
        finished += 1
        wake.signal()
    }
}
