import Dispatch
import Foundation
import Synchronization

/// Watches SIGINT and SIGTERM instead of the default of dying on the spot, so a long-running command can
/// end its work cleanly. Made first, before the command opens anything: a stop that comes while it starts
/// is kept, and runs the action as soon as the command names one.
/// Unchecked: the sources are set once in `init` and Dispatch serialises their use.
final class StopSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let state = State()

    /// Whether a stop came, and what to do at the first.
    private final class State: Sendable {
        let lock = Mutex<(stopped: Bool, action: (@Sendable () -> Void)?)>((false, nil))

        func stop() {
            let action = lock.withLock { s -> (@Sendable () -> Void)? in
                defer { s.stopped = true }
                return s.stopped ? nil : s.action
            }
            action?()
        }
    }

    init() {
        let state = self.state
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { state.stop() }
            source.resume()
            return source
        }
    }

    /// Runs `action` at the first stop, or at once when it came already.
    func onStop(_ action: @escaping @Sendable () -> Void) {
        let now = state.lock.withLock { s -> Bool in
            s.action = action
            return s.stopped
        }
        if now { action() }
    }

    /// Stops watching; the signals keep being ignored until the process ends.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
