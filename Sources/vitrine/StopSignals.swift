import Dispatch
import Foundation

/// Calls `onStop` once at the first SIGINT or SIGTERM, instead of the default of dying on the spot, so a
/// long-running command can end its work cleanly.
/// Unchecked: the sources are set once in `init` and Dispatch serialises their use.
final class StopSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ onStop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: onStop)
            source.resume()
            return source
        }
    }

    /// Stops watching; the signals keep being ignored until the process ends.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
