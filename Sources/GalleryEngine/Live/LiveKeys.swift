/// A run of places as sort keys only, for a client that keeps its photos itself (the web client's month):
/// each place's time, a hash of its id and where the id's bytes are in one shared buffer. Finding a
/// photo compares hashes (a new photo's id is known absent without a scan), placing one halves over the
/// loaded places, and a place goes in or out in one copy of memory, so a change to a month of ten
/// thousand loaded photos costs microseconds; filling the run makes no array per photo.
public struct LiveKeys: LivePlaces {
    public typealias Photo = PhotoSortKey

    /// One place; `length` < 0 when it is not loaded.
    struct Place {
        var takenAt: Int64
        var start: Int32
        var length: Int32
        var hash: UInt32
    }

    private var places: [Place] = []
    /// The ids' bytes. A removed id's bytes stay until the run is filled again.
    private var bytes: [UInt8] = []
    /// Two bits per id that was ever in the run since it was filled (a Bloom filter of 2^16 bits, from
    /// the two halves of its hash): an id with either bit clear is not here, and a new photo's id is
    /// found absent without scanning the run.
    private var seen: [Int32] = []

    public init() {}

    public var count: Int { places.count }

    /// Makes the run `count` places whose ids are `ids`' bytes one after another: `place(k)` gives place
    /// k's time and its id's length, < 0 for a place not loaded. False (the run emptied) when the
    /// lengths run past `ids`.
    public mutating func fill(
        ids: UnsafeBufferPointer<UInt8>, count: Int, place: (Int) -> (takenAt: Int64, length: Int)
    ) -> Bool {
        places.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        seen = [Int32](repeating: 0, count: 2048)
        places.reserveCapacity(count)
        var at = 0
        for k in 0..<count {
            let (takenAt, length) = place(k)
            guard length >= 0 else {
                places.append(Place(takenAt: 0, start: 0, length: -1, hash: 0))
                continue
            }
            guard length <= ids.count - at, length <= Int(Int32.max) - at else {
                places.removeAll()
                return false
            }
            let id = UnsafeBufferPointer(rebasing: ids[at..<at + length])
            let hash = Self.hash(id)
            places.append(Place(takenAt: takenAt, start: Int32(at), length: Int32(length), hash: hash))
            see(hash)
            at += length
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: ids[0..<at]))
        return true
    }

    public func key(at index: Int) -> PhotoSortKey? {
        let place = places[index]
        guard place.length >= 0 else { return nil }
        let start = Int(place.start)
        return PhotoSortKey(takenAt: place.takenAt, id: Array(bytes[start..<start + Int(place.length)]))
    }

    public func isLoaded(at index: Int) -> Bool { places[index].length >= 0 }

    public func index(of id: [UInt8]) -> Int? {
        let hash = id.withUnsafeBufferPointer { Self.hash($0) }
        guard mightHold(hash) else { return nil }
        return places.withUnsafeBufferPointer { places in
            var k = 0
            while k < places.count {
                let place = places[k]
                if place.hash == hash && Int(place.length) == id.count && compare(place, id) == 0 { return k }
                k += 1
            }
            return nil
        }
    }

    /// By halving: the loaded places are in order, so "the first loaded place from k on does not come
    /// before `key`" holds from some k on. A probe that lands in a gap looks on to its end, no further
    /// than the range left, so a run of gaps costs at most one pass.
    public func firstIndex(notNewerThan key: PhotoSortKey) -> Int {
        places.withUnsafeBufferPointer { places in
            var low = 0
            var high = places.count
            while low < high {
                let middle = low + (high - low) / 2
                var k = middle
                while k < high && places[k].length < 0 { k += 1 }
                if k == high || !isNewer(places[k], than: key) {
                    high = middle
                } else {
                    low = k + 1
                }
            }
            while low < places.count && places[low].length < 0 { low += 1 }
            return low
        }
    }

    public mutating func remove(at index: Int) {
        precondition(index >= 0 && index < places.count, "LiveKeys: no place at that index")
        places.withUnsafeMutableBufferPointer { places in
            let at = UnsafeMutableRawPointer(places.baseAddress! + index)
            let stride = MemoryLayout<Place>.stride
            at.copyMemory(from: at + stride, byteCount: (places.count - index - 1) * stride)
        }
        places.remove(at: places.count - 1)
    }

    public mutating func insert(_ photo: PhotoSortKey?, at index: Int) {
        guard let photo, photo.id.count <= Int(Int32.max) - bytes.count else {
            insert(Place(takenAt: 0, start: 0, length: -1, hash: 0), at: index)
            return
        }
        let hash = photo.id.withUnsafeBufferPointer { Self.hash($0) }
        insert(
            Place(takenAt: photo.takenAt, start: Int32(bytes.count), length: Int32(photo.id.count), hash: hash),
            at: index)
        bytes.append(contentsOf: photo.id)
        see(hash)
    }

    private mutating func see(_ hash: UInt32) {
        if seen.isEmpty { seen = [Int32](repeating: 0, count: 2048) }
        seen[Int(hash & 0xFFFF) >> 5] |= 1 << Int32(hash & 31)
        seen[Int(hash >> 16) >> 5] |= 1 << Int32((hash >> 16) & 31)
    }

    private func mightHold(_ hash: UInt32) -> Bool {
        guard !seen.isEmpty else { return false }
        return seen[Int(hash & 0xFFFF) >> 5] & (1 << Int32(hash & 31)) != 0
            && seen[Int(hash >> 16) >> 5] & (1 << Int32((hash >> 16) & 31)) != 0
    }

    /// Inserts `place` at `index`, the places after it moved in one copy of memory (`Array.insert`
    /// moves them one by one in the wasm build, the most of a change's time in a month of thousands).
    private mutating func insert(_ place: Place, at index: Int) {
        precondition(index >= 0 && index <= places.count, "LiveKeys: no place at that index")
        places.append(place)
        places.withUnsafeMutableBufferPointer { places in
            let at = UnsafeMutableRawPointer(places.baseAddress! + index)
            let stride = MemoryLayout<Place>.stride
            (at + stride).copyMemory(from: at, byteCount: (places.count - index - 1) * stride)
            places[index] = place
        }
    }

    public mutating func replace(at index: Int, with photo: PhotoSortKey) {
        remove(at: index)
        insert(photo, at: index)
    }

    /// Whether the loaded `place` comes before `key` (`PhotoSortKey.isNewer`).
    private func isNewer(_ place: Place, than key: PhotoSortKey) -> Bool {
        place.takenAt != key.takenAt ? place.takenAt > key.takenAt : compare(place, key.id) > 0
    }

    /// The order of `place`'s id against `id` as `PhotoSortKey` orders ids at the same time: 1 when it
    /// comes first (larger as bytes, or longer with the same start), 0 when equal, −1 when after.
    private func compare(_ place: Place, _ id: [UInt8]) -> Int {
        let start = Int(place.start)
        let length = Int(place.length)
        let n = length < id.count ? length : id.count
        var k = 0
        while k < n {
            let b = bytes[start + k]
            if b != id[k] { return b > id[k] ? 1 : -1 }
            k += 1
        }
        return length == id.count ? 0 : (length > id.count ? 1 : -1)
    }

    /// FNV-1a of the id's bytes: equal ids hash alike, so only a matching hash compares bytes.
    static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        var k = 0
        while k < id.count {
            h = (h ^ UInt32(id[k])) &* 16_777_619
            k += 1
        }
        return h
    }
}
