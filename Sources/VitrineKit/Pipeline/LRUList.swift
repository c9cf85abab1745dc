/// Entries with a cost, most recently used first, evicting the least recently used past a cost and a
/// count limit. Every operation is O(1): nodes live in an array linked by index, found through a
/// dictionary. Not thread-safe; its owners guard it with a `Mutex`.
struct LRUList<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        /// Nil once removed: a free slot holds no value, so what was evicted is released at once, not when
        /// the slot is next used.
        var value: Value?
        var cost: Int
        var previous: Int
        var next: Int
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    /// Most recently used; -1 when empty.
    private var head = -1
    /// Least recently used; -1 when empty.
    private var tail = -1

    var costLimit: Int
    var countLimit: Int
    private(set) var totalCost = 0

    init(costLimit: Int, countLimit: Int = .max) {
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    var count: Int { index.count }

    /// The value for `key`, now the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    /// The value for `key`, leaving the order alone.
    func peek(_ key: Key) -> Value? { index[key].flatMap { nodes[$0].value } }

    /// Stores `value` as the most recently used and returns what had to go to stay within the limits.
    /// An entry costing more than the whole limit is not kept.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> [(key: Key, value: Value)] {
        remove(key)
        let cost = max(0, cost)
        guard cost <= costLimit, countLimit > 0 else { return [(key, value)] }
        let node = Node(key: key, value: value, cost: cost, previous: -1, next: head)
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        index[key] = slot
        totalCost += cost
        var evicted: [(key: Key, value: Value)] = []
        while totalCost > costLimit || index.count > countLimit, tail >= 0 {
            let key = nodes[tail].key
            if let value = remove(key) { evicted.append((key, value)) }
        }
        return evicted
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        unlink(slot)
        totalCost -= nodes[slot].cost
        free.append(slot)
        defer { nodes[slot].value = nil }
        return nodes[slot].value
    }

    mutating func removeAll() {
        self = LRUList(costLimit: costLimit, countLimit: countLimit)
    }

    /// Keys from the least to the most recently used.
    var keysFromOldest: [Key] {
        var keys: [Key] = []
        var slot = tail
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].previous
        }
        return keys
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        nodes[slot].previous = -1
        nodes[slot].next = head
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous
        let next = nodes[slot].next
        if previous >= 0 { nodes[previous].next = next } else if head == slot { head = next }
        if next >= 0 { nodes[next].previous = previous } else if tail == slot { tail = previous }
        nodes[slot].previous = -1
        nodes[slot].next = -1
    }
}
