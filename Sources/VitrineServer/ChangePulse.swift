import Synchronization

/// Wakes every waiting event stream when the catalog changes, so an edit reaches browsers at once instead of
/// at their next poll. A counter lets a waiter notice a signal it would otherwise have missed.
final class ChangePulse: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waiters whose timeout or cancellation came before they registered.
        var expired: Set<UInt64> = []
    }

    private let state = Mutex(State())

    var generation: UInt64 { state.withLock { $0.generation } }

    func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the first signal after `generation`, after `timeout`, or when the task is cancelled.
    func wait(after generation: UInt64, timeout: Duration) async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self.resume(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != generation || state.expired.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            self.resume(id)
        }
        timer.cancel()
        state.withLock { _ = $0.expired.remove(id) }
    }

    private func resume(_ id: UInt64) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return nil as CheckedContinuation<Void, Never>?
            }
            return waiter
        }
        waiter?.resume()
    }
}
