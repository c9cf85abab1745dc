/// A set of library indices kept as sorted, disjoint, non-adjacent half-open ranges: a selection of
/// "everything from May 2015 to March 2019" at a million photos is one pair of numbers, and scrolling or
/// loading never touches it.
public struct IndexRanges: Equatable, Sendable {
    /// Flat `[lo, hi)` pairs, ascending, with a gap between each pair and the next.
    public private(set) var bounds: [Int] = []

    public init() {}

    public var isEmpty: Bool { bounds.isEmpty }
    public var rangeCount: Int { bounds.count / 2 }

    /// Indices in the set (saturating, though ranges never reach past the library's `Int` count).
    public var count: Int {
        var n = 0
        var k = 0
        while k + 1 < bounds.count {
            n = TimelineLayout.add(n, bounds[k + 1] - bounds[k])
            k += 2
        }
        return n
    }

    /// The first pair whose end is past `i` (O(log ranges)).
    func firstEnding(after i: Int) -> Int {
        var lo = 0
        var hi = rangeCount
        while lo < hi {
            let mid = (lo + hi) >> 1
            if bounds[2 * mid + 1] <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    public func contains(_ i: Int) -> Bool {
        let k = firstEnding(after: i)
        return k < rangeCount && bounds[2 * k] <= i
    }

    /// Indices of `lo..<hi` in the set.
    public func count(in lo: Int, _ hi: Int) -> Int {
        var n = 0
        var k = firstEnding(after: lo)
        while k < rangeCount, bounds[2 * k] < hi {
            let a = bounds[2 * k] > lo ? bounds[2 * k] : lo
            let b = bounds[2 * k + 1] < hi ? bounds[2 * k + 1] : hi
            n += b - a
            k += 1
        }
        return n
    }

    /// The parts of the set inside `lo..<hi`, as flat pairs.
    public func clipped(to lo: Int, _ hi: Int) -> [Int] {
        var out: [Int] = []
        var k = firstEnding(after: lo)
        while k < rangeCount, bounds[2 * k] < hi {
            out.append(bounds[2 * k] > lo ? bounds[2 * k] : lo)
            out.append(bounds[2 * k + 1] < hi ? bounds[2 * k + 1] : hi)
            k += 1
        }
        return out
    }

    /// Puts `lo..<hi` in the set (`on`) or takes it out; empty or reversed ranges change nothing.
    public mutating func set(_ lo: Int, _ hi: Int, to on: Bool) {
        guard lo < hi else { return }
        var out: [Int] = []
        out.reserveCapacity(bounds.count + 2)
        var k = 0
        // Pairs wholly before the range (and not touching it when adding).
        while k + 1 < bounds.count, bounds[k + 1] < lo || (!on && bounds[k + 1] == lo) {
            out.append(bounds[k])
            out.append(bounds[k + 1])
            k += 2
        }
        var a = lo
        var b = hi
        // Pairs that overlap (or touch, when adding) the range.
        while k + 1 < bounds.count, bounds[k] < hi || (on && bounds[k] == hi) {
            if on {
                if bounds[k] < a { a = bounds[k] }
                if bounds[k + 1] > b { b = bounds[k + 1] }
            } else {
                if bounds[k] < lo {
                    out.append(bounds[k])
                    out.append(lo)
                }
                if bounds[k + 1] > hi {
                    out.append(hi)
                    out.append(bounds[k + 1])
                }
            }
            k += 2
        }
        if on {
            out.append(a)
            out.append(b)
        }
        while k + 1 < bounds.count {
            out.append(bounds[k])
            out.append(bounds[k + 1])
            k += 2
        }
        bounds = out
    }

    public mutating func toggle(_ i: Int) { set(i, i + 1, to: !contains(i)) }

    public mutating func removeAll() { bounds.removeAll() }

    /// `n` new indices appear at `i`: later indices move up by `n`; the new ones are not in the set,
    /// so a range around `i` splits.
    public mutating func insert(_ n: Int, at i: Int) {
        guard n > 0 else { return }
        var out: [Int] = []
        var k = 0
        while k + 1 < bounds.count {
            let lo = bounds[k]
            let hi = bounds[k + 1]
            if hi <= i {
                out.append(lo)
                out.append(hi)
            } else if lo >= i {
                out.append(lo + n)
                out.append(hi + n)
            } else {
                out.append(lo)
                out.append(i)
                out.append(i + n)
                out.append(hi + n)
            }
            k += 2
        }
        bounds = out
    }

    /// Index `i` leaves: later indices move down by one, and ranges it separated join.
    public mutating func remove(at i: Int) {
        guard i >= 0 else { return }
        var out: [Int] = []
        var k = 0
        while k + 1 < bounds.count {
            var lo = bounds[k]
            var hi = bounds[k + 1]
            if lo > i { lo -= 1 }
            if hi > i { hi -= 1 }
            k += 2
            guard lo < hi else { continue }
            if let last = out.last, last == lo {
                out[out.count - 1] = hi
            } else {
                out.append(lo)
                out.append(hi)
            }
        }
        bounds = out
    }
}
