import Catalog
import Synchronization

/// The change feed's position (its latest `seq`) as this server last read it: the key of every cache that
/// must stay right under writes, on one server or many sharing a catalog.
///
/// Every write to photos and their variants appends to the feed in its own transaction, whichever process
/// or server made it, so an unchanged position means unchanged photos. Reading it costs a catalog round
/// trip, so a read is trusted for `maximumAge` and shared by the requests that arrive meanwhile. It is
/// dropped at once when this process sees a change: the catalog's own observation (this process's
/// commits; every server's, through PostgreSQL's NOTIFY) and any write request served here. What is left
/// is a write that no notification announced (a CLI import into a SQLite file, a lost NOTIFY): seen within
/// `maximumAge`, as event streams see it within their poll.
final class FeedPosition: Sendable {
    private struct State {
        var value: Int64?
        var readAt = ContinuousClock.now
        /// Bumped by `invalidate`, so a read that began before a change is not kept as current.
        var epoch: UInt64 = 0
        var inFlight: Pending?
    }

    private enum Lookup {
        case known(Int64)
        case pending(Pending)
    }

    /// A read of the position that requests arriving meanwhile share.
    private struct Pending: Sendable {
        let task: Task<Int64, any Error>
        let startedAt: ContinuousClock.Instant
        let epoch: UInt64
    }

    private let feed: any ChangeFeed
    private let maximumAge: Duration
    private let state = Mutex(State())

    init(feed: any ChangeFeed, maximumAge: Duration) {
        self.feed = feed
        self.maximumAge = maximumAge
    }

    /// The position, read now or at most `maximumAge` ago and with no change seen since.
    func current() async throws -> Int64 {
        let now = ContinuousClock.now
        let lookup = state.withLock { state -> Lookup in
            if let value = state.value, now - state.readAt < maximumAge { return .known(value) }
            if let inFlight = state.inFlight { return .pending(inFlight) }
            let feed = feed
            let pending = Pending(task: Task { try await feed.latestChangeSeq() }, startedAt: now, epoch: state.epoch)
            state.inFlight = pending
            return .pending(pending)
        }
        let pending: Pending
        switch lookup {
        case .known(let value): return value
        case .pending(let read): pending = read
        }
        let value: Int64
        do {
            value = try await pending.task.value
        } catch {
            state.withLock { if $0.epoch == pending.epoch { $0.inFlight = nil } }
            throw error
        }
        state.withLock { state in
            guard state.epoch == pending.epoch else { return }
            state.inFlight = nil
            // Trusted from when the read began: anything committed before then is in it.
            state.value = value
            state.readAt = pending.startedAt
        }
        return value
    }

    /// Forgets the position: the next `current()` reads it afresh.
    func invalidate() {
        state.withLock { state in
            state.value = nil
            state.inFlight = nil
            state.epoch &+= 1
        }
    }
}
