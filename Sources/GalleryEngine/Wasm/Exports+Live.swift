// Live changes and the retry policy through the C ABI: the web client keeps a
// run of places (a month) here as sort keys, fills it in one call, applies a
// batch of change-feed messages to it in one call, and mirrors the outcomes on
// its own photos. Ids cross as UTF-8 bytes, one after another, in the id
// buffer; times and lengths in the run's own buffers.

/// A run of places as sort keys (the photos themselves stay in JavaScript), with its input and output
/// buffers.
final class LiveSlot: WasmObject {
    var keys = LiveKeys()
    var times = Column<Double>()
    var ints = Column<Int32>()
    deinit {
        times.deallocate()
        ints.deallocate()
    }
}

nonisolated(unsafe) var wasmIDBytes = Column<UInt8>()

func liveSlot(_ h: Int32) -> LiveSlot? {
    guard let o = object(h, .live) else { return nil }
    return unsafeDowncast(o, to: LiveSlot.self)
}

/// The bytes of the id buffer from `start`, `length` of them, when the buffer holds them.
func idBytes(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard length >= 0, start >= 0, start <= wasmIDBytes.capacity - length, let base = wasmIDBytes.pointer else {
        return nil
    }
    return UnsafeBufferPointer(start: base + start, count: length)
}

/// A time in ms from JavaScript as an Int64: NaN is 0, and values past ±2^62 saturate.
func milliseconds(_ value: Double) -> Int64 {
    guard value == value else { return 0 }
    let limit = 4.6e18
    return Int64(value < -limit ? -limit : (value > limit ? limit : value))
}

/// The id buffer, at least `length` bytes (up to 64 MiB): write ids' UTF-8 bytes here, one after
/// another, before a call that takes their lengths.
@_cdecl("ge_id_buffer")
public func ge_id_buffer(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    let n = length < 1 ? 1 : (length > 1 << 26 ? 1 << 26 : Int(length))
    if wasmIDBytes.capacity < n { wasmIDBytes.reserve(n) }
    return wasmIDBytes.pointer
}

@_cdecl("ge_live_create")
public func ge_live_create() -> Int32 { register(LiveSlot(), .live) }

@_cdecl("ge_live_destroy")
public func ge_live_destroy(_ h: Int32) { unregister(h, .live) }

/// The run's time buffer, room for `n` times (ms since the epoch), or null for an invalid handle.
@_cdecl("ge_live_times")
public func ge_live_times(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Double>? {
    guard let slot = liveSlot(h) else { return nil }
    slot.times.reserve(n > 0 && n < 1 << 24 ? Int(n) : 1)
    return slot.times.pointer
}

/// The run's int buffer, room for `n` ints, or null for an invalid handle: the places' id lengths or
/// the changes' kinds and id lengths in, the outcomes out.
@_cdecl("ge_live_ints")
public func ge_live_ints(_ h: Int32, _ n: Int32) -> UnsafeMutablePointer<Int32>? {
    guard let slot = liveSlot(h) else { return nil }
    slot.ints.reserve(n > 0 && n < 1 << 24 ? Int(n) : 1)
    return slot.ints.pointer
}

/// Makes the run `n` places: place k is the photo taken at times[k] whose id is the next ints[k] bytes
/// of the id buffer, or a place not loaded when ints[k] < 0. Returns the count, or −1 (the run emptied)
/// when the handle or the buffers do not hold that.
@_cdecl("ge_live_fill")
public func ge_live_fill(_ h: Int32, _ n: Int32) -> Int32 {
    guard let slot = liveSlot(h) else { return -1 }
    let count = n >= 0 && Int(n) <= slot.times.capacity && Int(n) <= slot.ints.capacity ? Int(n) : 0
    let ids = UnsafeBufferPointer(start: wasmIDBytes.pointer, count: wasmIDBytes.capacity)
    let filled = slot.keys.fill(ids: ids, count: count) { k in
        (milliseconds(slot.times[k]), Int(slot.ints[k]))
    }
    return filled && count == Int(n) ? n : -1
}

@_cdecl("ge_live_count")
public func ge_live_count(_ h: Int32) -> Int32 { Int32(truncatingIfNeeded: liveSlot(h)?.keys.count ?? 0) }

/// Applies `n` changes in order: change k is ints[2k] (0 insert, 1 update, 2 delete) of the photo whose
/// id is the next ints[2k + 1] bytes of the id buffer, taken at times[k] after it. `flags`: 1 bounded
/// above, 2 bounded below, 4 keeps gaps, 8 filtered, 16 ordered by date. Writes each outcome after the
/// changes, to ints[2n + 5k…2n + 5k + 4]: index removed, index inserted, 1 when the insert is exact,
/// index replaced (indices −1 for none), 1 when the counts are uncertain; the int buffer needs room for
/// 7n. Stops at a change with an unknown kind or an id past the buffer; returns how many it applied,
/// or −1 when the handle or the buffers are invalid.
@_cdecl("ge_live_apply")
public func ge_live_apply(_ h: Int32, _ n: Int32, _ flags: Int32) -> Int32 {
    guard let slot = liveSlot(h), n >= 0, Int(n) <= slot.times.capacity, Int(n) <= slot.ints.capacity / 7 else {
        return -1
    }
    let rules = LiveChangeRules(
        boundedAbove: flags & 1 != 0, boundedBelow: flags & 2 != 0, keepsGaps: flags & 4 != 0,
        isFiltered: flags & 8 != 0, isOrderedByDate: flags & 16 != 0)
    var at = 0
    for k in 0..<Int(n) {
        guard let kind = LiveChange<PhotoSortKey>.Kind(rawValue: slot.ints[2 * k]),
            let id = idBytes(at, Int(slot.ints[2 * k + 1]))
        else { return Int32(k) }
        at += id.count
        let key = PhotoSortKey(takenAt: milliseconds(slot.times[k]), id: Array(id))
        let o = rules.apply(
            LiveChange(kind: kind, id: key.id, key: key, photo: kind == .delete ? nil : key), to: &slot.keys)
        let out = 2 * Int(n) + 5 * k
        slot.ints[out] = Int32(truncatingIfNeeded: o.removed ?? -1)
        slot.ints[out + 1] = Int32(truncatingIfNeeded: o.inserted ?? -1)
        slot.ints[out + 2] = o.isExact ? 1 : 0
        slot.ints[out + 3] = Int32(truncatingIfNeeded: o.replaced ?? -1)
        slot.ints[out + 4] = o.isUncertain ? 1 : 0
    }
    return n
}

/// The UTC month (`year × 100 + month`) of a time in ms since the epoch.
@_cdecl("ge_month_of")
public func ge_month_of(_ takenAt: Double) -> Int32 { PhotoSortKey.month(ofMilliseconds: milliseconds(takenAt)) }

/// Milliseconds before retrying after `failures` failures in a row under the default `RetryPolicy`, or −1
/// when the failure stands.
@_cdecl("ge_retry_delay")
public func ge_retry_delay(_ failures: Int32) -> Double { RetryPolicy().delay(afterFailures: Int(failures)) ?? -1 }
