import Synchronization

/// Values valid at one change-feed position (`FeedPosition`): a value made at a newer position empties the
/// cache, and one made at an older position is not kept, so nothing read from it is older than the position
/// asked for. Bounded in entries and in cost (bytes, the key's as well as the value's where a key can be long);
/// the least recently used entries go first.
///
/// Content that never changes under a key (a blob's bytes, named by their hash) uses one constant position.
final class PositionCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    struct Limits: Sendable {
        var entries: Int
        var cost: Int
    }

    private struct Entry {
        var value: Value
        var cost: Int
        var used: UInt64
    }

    private struct State {
        var position: Int64 = .min
        var entries: [Key: Entry] = [:]
        var cost = 0
        var clock: UInt64 = 0
    }

    private let limits: Limits
    private let costOf: @Sendable (Key, Value) -> Int
    private let state = Mutex(State())

    init(_ limits: Limits, cost: @escaping @Sendable (Key, Value) -> Int) {
        self.limits = limits
        costOf = cost
    }

    /// False when the limits keep nothing, so callers can skip what only a cache needs.
    var isEnabled: Bool { limits.entries > 0 && limits.cost > 0 }

    /// The value stored for `key` at `position`, if any.
    func value(for key: Key, at position: Int64) -> Value? {
        state.withLock { state in
            guard state.position == position, var entry = state.entries[key] else { return nil }
            state.clock &+= 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.value
        }
    }

    /// Stores `value` for `key`, made at `position`. A value costing over a quarter of the limit is not
    /// kept: one answer must not empty the cache.
    func store(_ value: Value, for key: Key, at position: Int64) {
        let cost = costOf(key, value)
        guard cost <= limits.cost / 4, limits.entries > 0 else { return }
        state.withLock { state in
            if position < state.position { return }
            if position > state.position { state = State(position: position, clock: state.clock) }
            state.clock &+= 1
            if let old = state.entries.updateValue(Entry(value: value, cost: cost, used: state.clock), forKey: key) {
                state.cost -= old.cost
            }
            state.cost += cost
            if state.entries.count > limits.entries || state.cost > limits.cost { evict(&state) }
        }
    }

    /// Drops the least recently used entries until within three quarters of both limits: one sort per many
    /// stores rather than a linked list touched on every hit.
    private func evict(_ state: inout State) {
        for (key, entry) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
            if state.entries.count <= limits.entries * 3 / 4 && state.cost <= limits.cost * 3 / 4 { break }
            state.entries[key] = nil
            state.cost -= entry.cost
        }
    }
}

/// Page, detail and tag-list JSON by request (path and query), the request's bytes counted with the answer's:
/// a key is as long as a client makes its URL.
typealias ResponseCache = PositionCache<String, [UInt8]>

extension PositionCache where Key == String, Value == [UInt8] {
    convenience init(entries: Int = 1024, bytes: Int = 32 << 20) {
        self.init(Limits(entries: entries, cost: bytes), cost: { $0.utf8.count + $1.count })
    }
}
