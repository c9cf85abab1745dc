/// A growable, manually managed buffer of plain values.
///
/// Why not `Array`? Layout columns hold tens of millions of entries and are
/// exposed to JavaScript as typed-array views over wasm memory, so they need a
/// stable base pointer between calls, no copy-on-write checks in hot loops and
/// little generic code in the wasm binary. The owner frees it (`deallocate()`),
/// which the owning class does in `deinit`.
@usableFromInline
struct Column<Element: BitwiseCopyable> {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int = 0

    init() {}

    /// Ensures room for `minimumCapacity` elements; grows geometrically (×1.5)
    /// so repeated page appends stay amortised O(1) per element.
    mutating func reserve(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        var newCapacity = capacity + capacity / 2
        if newCapacity < minimumCapacity { newCapacity = minimumCapacity }
        if newCapacity < 16 { newCapacity = 16 }
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let old = base {
            fresh.update(from: old, count: count)
            old.deallocate()
        }
        base = fresh
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { reserve(count + 1) }
        base.unsafelyUnwrapped[count] = value
        count += 1
    }

    /// Sets the count, growing if needed; new slots are uninitialised (callers overwrite).
    mutating func resize(_ newCount: Int) {
        reserve(newCount)
        count = newCount
    }

    @inline(__always)
    subscript(_ i: Int) -> Element {
        get { base.unsafelyUnwrapped[i] }
        nonmutating set { base.unsafelyUnwrapped[i] = newValue }
    }

    /// The raw pointer handed to JavaScript (null only when never allocated).
    var pointer: UnsafeMutablePointer<Element>? { base }

    mutating func deallocate() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
