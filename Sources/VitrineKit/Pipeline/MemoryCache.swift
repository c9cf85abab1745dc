import Synchronization

/// Decoded images in memory, within a cost limit in bytes and a count limit, least recently used
/// evicted first. Thread-safe; a hit is one lock and O(1) work.
final class MemoryCache: Sendable {
    private let entries: Mutex<LRUList<ImageRequest.Key, ImageContainer>>

    init(costLimit: Int, countLimit: Int) {
        entries = Mutex(LRUList(costLimit: costLimit, countLimit: countLimit))
    }

    subscript(key: ImageRequest.Key) -> ImageContainer? {
        entries.withLock { $0.value(for: key) }
    }

    func store(_ container: ImageContainer, for key: ImageRequest.Key) {
        _ = entries.withLock { $0.insert(container, for: key, cost: container.cost) }
    }

    func remove(_ key: ImageRequest.Key) {
        _ = entries.withLock { $0.remove(key) }
    }

    func removeAll() { entries.withLock { $0.removeAll() } }

    var totalCost: Int { entries.withLock { $0.totalCost } }
    var count: Int { entries.withLock { $0.count } }
}
