import Foundation

/// Runs work against a time limit, answering when the limit passes even if the work ignores
/// cancellation: the work runs in its own task, which is cancelled and left behind, so a launch or a
/// thumbnail budget is never held by a call that does not check for cancellation.
enum Deadline {
    enum Outcome: Sendable {
        case finished
        case failed(any Error)
        case expired
    }

    static func run(
        within limit: Duration, _ work: @escaping @Sendable () async throws -> Void
    ) async -> Outcome {
        let once = OnceOutcome()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                once.install(continuation)
                once.adopt(
                    Task {
                        do {
                            try await work()
                            once.resolve(.finished)
                        } catch {
                            once.resolve(.failed(error))
                        }
                    })
                once.adopt(
                    Task {
                        do {
                            try await Task.sleep(for: limit)
                            once.resolve(.expired)
                        } catch {
                            // Cancelled: the work finished first, or the caller gave up.
                        }
                    })
            }
        } onCancel: {
            once.resolve(.failed(CancellationError()))
        }
    }
}

/// Resumes one continuation with the first outcome offered, then cancels the tasks racing for it.
private final class OnceOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Deadline.Outcome, Never>?
    private var early: Deadline.Outcome?
    private var resolved = false
    private var tasks: [Task<Void, Never>] = []

    func install(_ continuation: CheckedContinuation<Deadline.Outcome, Never>) {
        lock.lock()
        if let early {
            lock.unlock()
            continuation.resume(returning: early)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func adopt(_ task: Task<Void, Never>) {
        lock.lock()
        let cancelNow = resolved
        if !cancelNow { tasks.append(task) }
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func resolve(_ outcome: Deadline.Outcome) {
        lock.lock()
        guard !resolved else {
            lock.unlock()
            return
        }
        resolved = true
        let continuation = self.continuation
        self.continuation = nil
        if continuation == nil { early = outcome }
        let tasks = self.tasks
        self.tasks = []
        lock.unlock()
        continuation?.resume(returning: outcome)
        for task in tasks { task.cancel() }
    }
}
