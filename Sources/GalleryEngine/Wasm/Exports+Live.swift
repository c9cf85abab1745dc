// Live changes and the retry policy through the C ABI: the web client keeps a
// run of places (a month) here as sort keys, applies each change-feed message
// to it, and mirrors the outcome on its own photos. Ids cross as UTF-8 bytes
// in the shared id buffer.

/// A run of places as sort keys: the photos themselves stay in JavaScript.
final class LiveSlot: WasmObject, LivePlaces {
    var keys: [PhotoSortKey?] = []
    var count: Int { keys.count }
    func key(at index: Int) -> PhotoSortKey? { keys[index] }
    func index(of id: [UInt8]) -> Int? {
        var k = 0
        while k < keys.count {
            if let key = keys[k], key.id == id { return k }
            k += 1
        }
        return nil
    }
    func remove(at index: Int) { keys.remove(at: index) }
    func insert(_ photo: PhotoSortKey?, at index: Int) { keys.insert(photo, at: index) }
    func replace(at index: Int, with photo: PhotoSortKey) { keys[index] = photo }
}

nonisolated(unsafe) var wasmIDBytes = Column<UInt8>()

func liveSlot(_ h: Int32) -> LiveSlot? {
    guard let o = object(h, .live) else { return nil }
    return unsafeDowncast(o, to: LiveSlot.self)
}

/// The first `length` bytes of the id buffer, or nil when it holds fewer (or `length` < 0).
func idFromBuffer(_ length: Int32) -> [UInt8]? {
    guard length >= 0, Int(length) <= wasmIDBytes.capacity else { return nil }
    var id = [UInt8](repeating: 0, count: Int(length))
    var k = 0
    while k < Int(length) {
        id[k] = wasmIDBytes[k]
        k += 1
    }
    return id
}

/// A time in ms from JavaScript as an Int64: NaN is 0, and values past ±2^62 saturate.
func milliseconds(_ value: Double) -> Int64 {
    guard value == value else { return 0 }
    let limit = 4.6e18
    return Int64(value < -limit ? -limit : (value > limit ? limit : value))
}

/// The id buffer, at least `length` bytes (up to 4096): write an id's UTF-8 bytes here before a call
/// that takes its length.
@_cdecl("ge_id_buffer")
public func ge_id_buffer(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    let n = length < 1 ? 1 : (length > 4096 ? 4096 : Int(length))
    if wasmIDBytes.capacity < n { wasmIDBytes.resize(n) }
    return wasmIDBytes.pointer
}

@_cdecl("ge_live_create")
public func ge_live_create() -> Int32 { register(LiveSlot(), .live) }

@_cdecl("ge_live_destroy")
public func ge_live_destroy(_ h: Int32) { unregister(h, .live) }

/// Empties the run.
@_cdecl("ge_live_clear")
public func ge_live_clear(_ h: Int32) { liveSlot(h)?.keys.removeAll() }

/// Appends a place: the photo taken at `takenAt` whose id is the buffer's first `idLength` bytes, or a
/// place not loaded when `idLength` < 0.
@_cdecl("ge_live_push")
public func ge_live_push(_ h: Int32, _ takenAt: Double, _ idLength: Int32) {
    guard let slot = liveSlot(h) else { return }
    slot.keys.append(idFromBuffer(idLength).map { PhotoSortKey(takenAt: milliseconds(takenAt), id: $0) })
}

@_cdecl("ge_live_count")
public func ge_live_count(_ h: Int32) -> Int32 { Int32(truncatingIfNeeded: liveSlot(h)?.count ?? 0) }

/// Applies a change (`kind` 0 insert, 1 update, 2 delete) to the photo whose id is in the buffer, taken
/// at `takenAt` after it. `flags`: 1 bounded above, 2 bounded below, 4 keeps gaps, 8 filtered, 16 ordered
/// by date. Writes io[0] = index removed, io[1] = index inserted, io[3] = index replaced (each −1 for
/// none), io[2] = 1 when the insert is exact, io[4] = 1 when the counts are uncertain. Returns 0 when
/// the handle or id is invalid.
@_cdecl("ge_live_apply")
public func ge_live_apply(_ h: Int32, _ kind: Int32, _ takenAt: Double, _ idLength: Int32, _ flags: Int32) -> Int32 {
    guard let slot = liveSlot(h), let id = idFromBuffer(idLength),
        let kind = LiveChange<PhotoSortKey>.Kind(rawValue: kind)
    else { return 0 }
    let rules = LiveChangeRules(
        boundedAbove: flags & 1 != 0, boundedBelow: flags & 2 != 0, keepsGaps: flags & 4 != 0,
        isFiltered: flags & 8 != 0, isOrderedByDate: flags & 16 != 0)
    let key = PhotoSortKey(takenAt: milliseconds(takenAt), id: id)
    var places = slot
    let outcome = rules.apply(LiveChange(kind: kind, id: id, key: key, photo: kind == .delete ? nil : key), to: &places)
    let v = io()
    v[0] = Double(outcome.removed ?? -1)
    v[1] = Double(outcome.inserted ?? -1)
    v[2] = outcome.isExact ? 1 : 0
    v[3] = Double(outcome.replaced ?? -1)
    v[4] = outcome.isUncertain ? 1 : 0
    return 1
}

/// The UTC month (`year × 100 + month`) of a time in ms since the epoch.
@_cdecl("ge_month_of")
public func ge_month_of(_ takenAt: Double) -> Int32 { PhotoSortKey.month(ofMilliseconds: milliseconds(takenAt)) }

/// Milliseconds before retrying after `failures` failures in a row under the default `RetryPolicy`, or −1
/// when the failure stands.
@_cdecl("ge_retry_delay")
public func ge_retry_delay(_ failures: Int32) -> Double { RetryPolicy().delay(afterFailures: Int(failures)) ?? -1 }
