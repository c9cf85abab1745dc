import Catalog
import Synchronization

/// Follows photos' jobs to their end, whichever worker runs them: a photo is done once none of the jobs
/// its import may queue (its render, its web rendition) is still waiting or running, and failed when one
/// of them was parked. It asks the queue by dedup key, so it needs no notification and no worker of its
/// own; photos are added while it runs, as an import records them. As the observer of a worker in the
/// same process it looks again as soon as that worker ends a job, rather than at its next round.
public final class JobWatch: Sendable {
    let queue: any JobQueue
    let interval: Duration
    private let state = Mutex(State())
    private let wake = WakeSignal()

    struct State {
        /// Photos not yet seen done, oldest first.
        var pending: [String] = []
        var known: Set<String> = []
        var done = 0
        var failures: [String: String] = [:]
        var closed = false
        /// Where the next look starts, so photos stuck behind a long job do not hide those after them.
        var cursor = 0
    }

    /// Photos looked at per round; each names two keys.
    static let photosPerLookup = JobLimits.maximumKeysPerLookup / 2
    static let lookupsPerRound = 4

    public init(queue: any JobQueue, interval: Duration = .milliseconds(200)) {
        self.queue = queue
        self.interval = interval
    }

    /// The keys of the jobs an import may queue for photo `id`.
    public static func keys(ofPhoto id: String) -> [String] {
        [JobKind.renderVariants, .transcodeVideo].compactMap { JobRequest($0, payload: id).dedupKey }
    }

    /// Follows `id` too; a photo already followed is not counted twice.
    public func add(_ id: String) {
        state.withLock { state in
            guard state.known.insert(id).inserted else { return }
            state.pending.append(id)
        }
    }

    /// No more photos will be added: `wait` returns once those added are done.
    public func close() {
        state.withLock { $0.closed = true }
        wake.signal()
    }

    /// Photos followed so far and photos done.
    public var counts: (followed: Int, done: Int) { state.withLock { ($0.known.count, $0.done) } }

    /// Looks every `interval`, or at once when woken, until `close` has been called and every photo is done, calling `progress`
    /// after each round that finished some. Returns the photos whose jobs were parked, with the error.
    /// A lookup that fails is tried again next round. Returns early, with what it knows, when cancelled.
    public func wait(progress: @Sendable (_ done: Int, _ followed: Int) -> Void = { _, _ in }) async -> [String: String]
    {
        while !Task.isCancelled {
            let finished = await round()
            let (closed, left, followed, done) = state.withLock {
                ($0.closed, $0.pending.count, $0.known.count, $0.done)
            }
            if finished > 0 { progress(done, followed) }
            if closed && left == 0 { break }
            await wake.wait(timeout: interval)
        }
        return state.withLock { $0.failures }
    }

    /// One round of lookups; returns how many photos it found done.
    func round() async -> Int {
        var finished = 0
        for _ in 0..<Self.lookupsPerRound {
            let batch = state.withLock { state -> [String] in
                guard !state.pending.isEmpty else { return [] }
                if state.cursor >= state.pending.count { state.cursor = 0 }
                let end = min(state.pending.count, state.cursor + Self.photosPerLookup)
                return Array(state.pending[state.cursor..<end])
            }
            guard !batch.isEmpty else { break }
            guard let jobs = try? await queue.jobs(dedupKeys: batch.flatMap(Self.keys(ofPhoto:))) else { break }
            var open = Set<String>()
            var parked: [String: String] = [:]
            for job in jobs {
                if job.state == .failed {
                    parked[job.payload] = job.lastError ?? "failed"
                } else {
                    open.insert(job.payload)
                }
            }
            let ended = batch.filter { !open.contains($0) }
            finished += ended.count
            let wrapped = state.withLock { state -> Bool in
                let gone = Set(ended)
                let before = state.pending.count
                state.pending.removeAll { gone.contains($0) }
                state.done += before - state.pending.count
                for id in ended { if let error = parked[id] { state.failures[id] = error } }
                state.cursor += batch.count - ended.count
                return state.cursor >= state.pending.count
            }
            if wrapped { break }
        }
        return finished
    }
}

extension JobWatch: JobObserver {
    public func jobStarted(kind: JobKind) {}

    /// Whatever the outcome, a photo this watch follows may just have ended.
    public func jobFinished(kind: JobKind, outcome: JobOutcome, duration: Duration) { wake.signal() }
}
