import Synchronization

/// Bounded concurrency for downloads, starting the highest priority first (then the oldest).
///
/// Work registers with its priority as soon as it exists, so a priority change lands even before the
/// work asks for a slot; `acquire` waits for a slot; `release` hands it to the best waiter.
/// Picking scans the waiters, which stay few (the pipeline coalesces identical requests).
final class DownloadQueue: Sendable {
    let maximumConcurrent: Int

    private struct Entry {
        var priority: ImagePriority
        let order: UInt64
        var continuation: CheckedContinuation<Void, any Error>?
    }
    private struct State {
        var running = 0
        var entries: [UInt64: Entry] = [:]
        var nextOrder: UInt64 = 0
    }
    private let state = Mutex(State())

    init(maximumConcurrent: Int) {
        self.maximumConcurrent = max(1, maximumConcurrent)
    }

    func register(_ id: UInt64, priority: ImagePriority) {
        state.withLock { state in
            state.entries[id] = Entry(priority: priority, order: state.nextOrder, continuation: nil)
            state.nextOrder &+= 1
        }
    }

    func setPriority(_ priority: ImagePriority, for id: UInt64) {
        state.withLock { $0.entries[id]?.priority = priority }
    }

    /// Waits for a slot for registered work `id`; the caller must `release()` it.
    func acquire(_ id: UInt64) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < maximumConcurrent {
                        state.running += 1
                        return .success(())
                    }
                    state.entries[id, default: Entry(priority: .normal, order: .max, continuation: nil)]
                        .continuation = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiting = state.withLock { state in
                let continuation = state.entries[id]?.continuation
                state.entries[id]?.continuation = nil
                return continuation
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Frees a slot, starting the best waiter if any.
    func release() {
        let next: CheckedContinuation<Void, any Error>? = state.withLock { state in
            var best: (id: UInt64, entry: Entry)?
            for (id, entry) in state.entries where entry.continuation != nil {
                if let current = best,
                    current.entry.priority > entry.priority
                        || (current.entry.priority == entry.priority && current.entry.order < entry.order)
                {
                    continue
                }
                best = (id, entry)
            }
            guard let best else {
                state.running -= 1
                return nil
            }
            state.entries[best.id]?.continuation = nil
            return best.entry.continuation
        }
        next?.resume()
    }

    func unregister(_ id: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    /// How many registered works wait for a slot (for tests and diagnostics).
    var waitingCount: Int { state.withLock { $0.entries.values.count { $0.continuation != nil } } }
    var runningCount: Int { state.withLock { $0.running } }
}
