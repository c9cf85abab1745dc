import Synchronization

/// Answers already written (page, detail and tag-list JSON), keyed by the request and valid at one change-feed
/// position (`FeedPosition`): a new position empties the cache, so nothing served from it is older than
/// the position it was made at.
///
/// The first page and the pages after it are the same for every visitor until the library changes, and
/// writing one costs a catalog read and an encoding; a hit costs a dictionary lookup. Bounded in entries
/// and in bytes; the least recently used entry goes first.
final class ResponseCache: Sendable {
    struct Limits: Sendable {
        var entries = 1024
        var bytes = 32 << 20
    }

    private struct Entry {
        var body: [UInt8]
        var used: UInt64
    }

    private struct State {
        var position: Int64 = .min
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let limits: Limits
    private let state = Mutex(State())

    init(_ limits: Limits = Limits()) { self.limits = limits }

    /// The body stored for `key` at `position`, if any.
    func body(for key: String, at position: Int64) -> [UInt8]? {
        state.withLock { state in
            guard state.position == position, var entry = state.entries[key] else { return nil }
            state.clock &+= 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.body
        }
    }

    /// Stores `body` for `key`, made at `position`; a body made at an older position than the cache's is
    /// dropped, and a newer one replaces everything.
    func store(_ body: [UInt8], for key: String, at position: Int64) {
        guard body.count <= limits.bytes / 4, limits.entries > 0 else { return }
        state.withLock { state in
            if position < state.position { return }
            if position > state.position {
                state = State(position: position, clock: state.clock)
            }
            state.clock &+= 1
            if let old = state.entries.updateValue(Entry(body: body, used: state.clock), forKey: key) {
                state.bytes -= old.body.count
            }
            state.bytes += body.count
            if state.entries.count > limits.entries || state.bytes > limits.bytes { evict(&state) }
        }
    }

    /// Drops the least recently used quarter of the entries, and more until within both limits: one sort
    /// per many stores rather than a linked list touched on every hit.
    private func evict(_ state: inout State) {
        let byAge = state.entries.sorted { $0.value.used < $1.value.used }
        var dropped = 0
        for (key, entry) in byAge {
            let within = state.entries.count <= limits.entries * 3 / 4 && state.bytes <= limits.bytes * 3 / 4
            if within && dropped > 0 { break }
            state.entries[key] = nil
            state.bytes -= entry.body.count
            dropped += 1
        }
    }
}
