import Synchronization

/// Wakes an idle worker early: a job was enqueued (a notification) or one of its own jobs ended (a slot
/// opened). Wake-ups while nobody waits are kept, one at most, so none is lost between two waits.
///
/// A waiter that times out or is cancelled leaves the signal as it was: the next wait still sleeps
/// until a wake-up or its own time-out. (An `AsyncStream` iterated in a cancelled task is finished for
/// good, and every later wait would return at once.)
final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: (id: UInt64, continuation: CheckedContinuation<Void, Never>)?
        var nextID: UInt64 = 0
    }
    private let state = Mutex(State())

    init() {}

    func signal() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.pending = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns at the next wake-up, after `timeout`, or when the task is cancelled. One task waits at a time.
    func wait(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.next() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns at the next wake-up (at once for one kept while nobody waited), or when cancelled.
    private func next() async {
        let id = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    // Cancelled before the handler below could find this waiter.
                    if Task.isCancelled { return true }
                    state.waiter = (id, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiter, waiter.id == id else {
                    return CheckedContinuation<Void, Never>?.none
                }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
