import Catalog
import Synchronization

/// The catalog's change observation for a router, started in the background: starting one may wait for the
/// catalog (SQLite registers it under its write lock), and routers are built synchronously. Streams poll as
/// well, so a change made before the observation runs is still seen, within a poll interval.
final class LiveObservation: Sendable {
    private let observation = Mutex<ChangeObservation?>(nil)

    init(_ feed: any ChangeFeed, onChange: @escaping @Sendable () -> Void) {
        Task { [weak self] in
            guard let started = try? await feed.observeChanges(onChange) else { return }
            guard let self else { return started.cancel() }
            self.observation.withLock { $0 = started }
        }
    }

    deinit { observation.withLock { $0?.cancel() } }
}
