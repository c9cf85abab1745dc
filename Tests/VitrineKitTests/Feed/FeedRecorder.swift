import Foundation
import VitrineAPI
import VitrineKit

/// Consumes a change feed in its own task and records each event with the number of requests the
/// transport had been asked for when it arrived, so a test can tell which connection carried it.
final class FeedRecorder: @unchecked Sendable {
    struct Received: Sendable {
        var event: ChangeFeed.Event
        var requestsSoFar: Int
    }

    private let lock = NSLock()
    private var received: [Received] = []
    private var ending: Result<Void, any Error>?
    private var task: Task<Void, Never>?

    init(_ feed: ChangeFeed, transport: FaultyTransport? = nil) {
        task = Task { [self] in
            do {
                for try await event in feed {
                    record(Received(event: event, requestsSoFar: transport?.requests.count ?? 0), ending: nil)
                }
                record(nil, ending: .success(()))
            } catch {
                record(nil, ending: .failure(error))
            }
        }
    }

    var events: [Received] { lock.withLock { received } }
    /// How the sequence ended: nil while it runs.
    var end: Result<Void, any Error>? { lock.withLock { ending } }

    /// The changes received, in order.
    var changes: [ChangeMessage] { Self.changes(in: events) }

    static func changes(in events: [Received]) -> [ChangeMessage] {
        events.compactMap {
            if case .change(let message) = $0.event { return message }
            return nil
        }
    }

    func cancel() { task?.cancel() }

    /// Returns once `condition` holds for the events received (or the sequence has ended), polling, within 90 s.
    /// `condition` runs under the recorder's lock: it reads the events it is given, never the recorder.
    func wait(until condition: @escaping @Sendable ([Received]) -> Bool) async throws {
        try await within {
            while !self.lock.withLock({ self.ending != nil || condition(self.received) }) {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Waits for the consuming task to finish, within 90 s.
    func finished() async throws {
        guard let task else { return }
        try await within { await task.value }
    }

    private func record(_ event: Received?, ending: Result<Void, any Error>?) {
        lock.withLock {
            if let event { received.append(event) }
            if let ending { self.ending = ending }
        }
    }
}
