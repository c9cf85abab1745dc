import Dispatch
import Synchronization

/// Runs synchronous work on at most `width` threads at once with at most `queueLimit` jobs waiting, and
/// refuses the rest with `BusyError` (the server answers 503 `busy`) instead of queueing without end.
///
/// A GCD concurrent queue alone starts a thread for each blocked job; here a job reaches GCD only when one of
/// the `width` slots is free, so the threads in use never exceed `width` whatever the load.
public final class BoundedExecutor: Sendable {
    /// Runs the work and returns how to hand its result over, so the slot is free before the caller resumes.
    public typealias Job = @Sendable () -> @Sendable () -> Void

    public let width: Int
    public let queueLimit: Int
    /// What a refusal tells the client, e.g. "too many renders waiting".
    public let refusal: String
    public let retryAfterSeconds: Int
    private let queue: DispatchQueue
    /// With a niceness, the executor's own threads at that lower priority (`BackgroundThreads`).
    private let threads: BackgroundThreads?
    private let state = Mutex(State())

    private struct State {
        var running = 0
        var peakRunning = 0
        var waiting = FIFO<Job>()
    }

    /// `niceness` above 0 runs the work on threads of the executor's own, that much lower in CPU priority:
    /// for background work beside a server's requests.
    public init(
        label: String, width: Int, queueLimit: Int, refusal: String, retryAfterSeconds: Int = 1, niceness: Int32 = 0
    ) {
        self.width = max(1, width)
        self.queueLimit = max(0, queueLimit)
        self.refusal = refusal
        self.retryAfterSeconds = retryAfterSeconds
        queue = DispatchQueue(label: label, attributes: .concurrent)
        threads = niceness > 0 ? BackgroundThreads(label: label, count: self.width, niceness: niceness) : nil
    }

    /// How much lower than a request's the priority of background work is: enough that a woken request
    /// thread preempts it at once, while the work still gets every idle cycle.
    public static let backgroundNiceness: Int32 = 10

    /// Runs `work` on one of the slots, after the jobs queued before it; throws `busy` when the queue is full.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let job: Job = {
                let result = Result { try work() }
                return { continuation.resume(with: result) }
            }
            let admission = state.withLock { state -> Admission in
                if state.running < width {
                    state.running += 1
                    state.peakRunning = max(state.peakRunning, state.running)
                    return .start
                }
                guard state.waiting.count < queueLimit else { return .refuse }
                state.waiting.append(job)
                return .queued
            }
            switch admission {
            case .start: start(job)
            case .queued: break
            case .refuse:
                continuation.resume(throwing: BusyError(message: refusal, retryAfterSeconds: retryAfterSeconds))
            }
        }
    }

    /// Runs `work` as `run` does, handing it a flag that turns true when the calling task is cancelled, for
    /// work that can stop early (a transcode): the slot's thread is not the task's, so it cannot see that
    /// itself.
    public func run<T: Sendable>(cancellable work: @escaping @Sendable (CancellationFlag) throws -> T) async throws -> T
    {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await run { try work(flag) }
        } onCancel: {
            flag.cancel()
        }
    }

    /// Throws `busy` when a job given now would be refused: for work that costs before it reaches the pool
    /// (an original fetched from a bucket to render), so a full pool refuses it before that cost.
    public func checkRoom() throws {
        let full = state.withLock { $0.running >= width && $0.waiting.count >= queueLimit }
        if full { throw BusyError(message: refusal, retryAfterSeconds: retryAfterSeconds) }
    }

    private enum Admission { case start, queued, refuse }

    private func start(_ job: @escaping Job) {
        let run: @Sendable () -> Void = {
            let deliver = job()
            self.finished()
            deliver()
        }
        if let threads { threads.submit(run) } else { queue.async(execute: run) }
    }

    /// Hands the freed slot to the oldest waiting job, or gives it back.
    private func finished() {
        let next = state.withLock { state -> Job? in
            if let next = state.waiting.popFirst() { return next }
            state.running -= 1
            return nil
        }
        if let next { start(next) }
    }

    public var running: Int { state.withLock { $0.running } }
    public var waiting: Int { state.withLock { $0.waiting.count } }
    /// The most jobs that ever ran at once: lets tests prove the width holds.
    public var peakRunning: Int { state.withLock { $0.peakRunning } }
}

/// A first-in first-out queue with O(1) amortized append and pop.
struct FIFO<Element> {
    private var elements: [Element?] = []
    private var head = 0

    var count: Int { elements.count - head }

    mutating func append(_ element: Element) { elements.append(element) }

    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        defer {
            elements[head] = nil
            head += 1
            if head >= 64, head * 2 >= elements.count {
                elements.removeFirst(head)
                head = 0
            }
        }
        return elements[head]
    }
}
