import Foundation
import Synchronization
import VitrineAPI
import VitrineKit

/// Waits in the store's tests: on conditions and events, each with a generous deadline, never a fixed
/// sleep.
enum StoreWaiting {
    struct TimedOut: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting for \(what)" }
    }

    /// `body`'s value, or `TimedOut` after `limit`. `body` must end when cancelled (the group waits for it).
    static func deadline<T: Sendable>(
        _ what: String, _ limit: Duration = .seconds(60), _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        do {
            return try await within(limit, body)
        } catch is DeadlineExceeded {
            throw TimedOut(what: what)
        }
    }

    /// Polls `condition` until it holds; `TimedOut` after `limit`.
    static func until(
        _ what: String, _ limit: Duration = .seconds(60), _ condition: @escaping @Sendable () async throws -> Bool
    ) async throws {
        try await deadline(what, limit) {
            while try await !condition() { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// The change feed's position now (its `.ready` event).
    static func feedPosition(_ client: VitrineClient) async throws -> Int64 {
        try await deadline("the feed's ready event") {
            for try await event in client.changes() {
                if case .ready(let seq) = event { return seq }
            }
            throw TimedOut(what: "a ready event before the feed ended")
        }
    }

    /// The first change to photo `id` after `seq`.
    static func change(_ client: VitrineClient, since seq: Int64, id: String) async throws -> ChangeMessage {
        try await deadline("a change to \(id)") {
            for try await event in client.changes(since: seq) {
                if case .change(let message) = event, message.id == id { return message }
            }
            throw TimedOut(what: "a change before the feed ended")
        }
    }
}

/// A flag one task raises and another polls.
final class StoreFlag: Sendable {
    private let raised = Mutex(false)
    var isRaised: Bool { raised.withLock { $0 } }
    func raise() { raised.withLock { $0 = true } }
}

/// Every update a store sends, collected as it comes.
final class StoreUpdateLog: Sendable {
    private let updates = Mutex<[GalleryUpdate]>([])
    private let reader = Mutex<Task<Void, Never>?>(nil)

    static func start(_ store: GalleryStore) async -> StoreUpdateLog {
        let log = StoreUpdateLog()
        let stream = await store.observe()
        let task = Task { [log] in
            for await update in stream { log.updates.withLock { $0.append(update) } }
        }
        log.reader.withLock { $0 = task }
        return log
    }

    deinit { reader.withLock { $0?.cancel() } }

    var all: [GalleryUpdate] { updates.withLock { $0 } }

    /// The updates that changed `items`.
    var itemChanges: [GalleryChanges] { all.map(\.changes).filter { !$0.isEmpty } }

    /// Waits until an update satisfies `condition`, and returns it.
    @discardableResult
    func wait(
        for what: String, _ condition: @escaping @Sendable (GalleryUpdate) -> Bool
    ) async throws -> GalleryUpdate {
        try await StoreWaiting.deadline(what) {
            while true {
                if let found = self.all.last(where: condition) { return found }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// An `ImagePrefetching` that records what it is told.
final class StoreRecordingPrefetcher: ImagePrefetching {
    enum Call: Equatable, Sendable {
        case start([URL])
        case stop([URL])
    }

    private let log = Mutex<[Call]>([])

    var calls: [Call] { log.withLock { $0 } }

    /// Forgets the calls so far.
    func clear() { log.withLock { $0 = [] } }

    /// The URLs started, and stopped, since the last `clear()`.
    var started: [URL] {
        calls.flatMap { call -> [URL] in
            guard case .start(let urls) = call else { return [] }
            return urls
        }
    }

    var stopped: [URL] {
        calls.flatMap { call -> [URL] in
            guard case .stop(let urls) = call else { return [] }
            return urls
        }
    }

    func startPrefetching(with urls: [URL]) { log.withLock { $0.append(.start(urls)) } }
    func stopPrefetching(with urls: [URL]) { log.withLock { $0.append(.stop(urls)) } }
}
